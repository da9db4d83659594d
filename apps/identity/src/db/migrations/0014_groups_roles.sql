-- Groups, roles and account settings of the admin portal (issue 4): a tenant's groups carry roles to
-- their members; the account's website and its custom login box are kept on the tenant.
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL CONSTRAINT "groups_tenant_id_tenants_id_fk" REFERENCES "tenants"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"description" text,
	"color" text,
	"metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "groups_tenant_name_idx" ON "groups" USING btree ("tenant_id",lower("name"));
--> statement-breakpoint
CREATE TABLE "group_roles" (
	"group_id" uuid NOT NULL CONSTRAINT "group_roles_group_id_groups_id_fk" REFERENCES "groups"("id") ON DELETE cascade,
	"role_id" uuid NOT NULL CONSTRAINT "group_roles_role_id_roles_id_fk" REFERENCES "roles"("id") ON DELETE cascade,
	CONSTRAINT "group_roles_group_id_role_id_pk" PRIMARY KEY("group_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "group_users" (
	"group_id" uuid NOT NULL CONSTRAINT "group_users_group_id_groups_id_fk" REFERENCES "groups"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL CONSTRAINT "group_users_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_users_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "group_users_user_idx" ON "group_users" USING btree ("user_id");
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "website" text;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "custom_login" jsonb DEFAULT '{}'::jsonb NOT NULL;
