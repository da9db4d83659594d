CREATE TABLE "application_tenant_assignments" (
	"tenant_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"access_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_tenant_assignments_tenant_id_app_id_pk" PRIMARY KEY("tenant_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "application_user_assignments" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_user_assignments_tenant_id_user_id_app_id_pk" PRIMARY KEY("tenant_id","user_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"access_type" text DEFAULT 'MANAGED_ACCESS' NOT NULL,
	"app_url" text NOT NULL,
	"login_url" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"integration_finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "application_tenant_assignments" ADD CONSTRAINT "application_tenant_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tenant_assignments" ADD CONSTRAINT "application_tenant_assignments_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_user_assignments" ADD CONSTRAINT "application_user_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_user_assignments" ADD CONSTRAINT "application_user_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_user_assignments" ADD CONSTRAINT "application_user_assignments_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_tenant_assignments_app_id_index" ON "application_tenant_assignments" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "application_user_assignments_tenant_id_app_id_index" ON "application_user_assignments" USING btree ("tenant_id","app_id");