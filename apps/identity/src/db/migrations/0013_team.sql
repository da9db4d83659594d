ALTER TABLE "memberships" ADD COLUMN "temporary_expiration_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "sort_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "tenant_invite_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_by" uuid,
	"token" text NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"should_send_email" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_invite_links_tenant_id_unique" UNIQUE("tenant_id"),
	CONSTRAINT "tenant_invite_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "tenant_invite_links" ADD CONSTRAINT "tenant_invite_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_invite_links" ADD CONSTRAINT "tenant_invite_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_tenant_name_idx" ON "memberships" USING btree ("tenant_id","sort_name" collate "C","user_id");--> statement-breakpoint
CREATE INDEX "memberships_tenant_email_idx" ON "memberships" USING btree ("tenant_id","sort_email" collate "C","user_id");--> statement-breakpoint
CREATE INDEX "memberships_tenant_created_idx" ON "memberships" USING btree ("tenant_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_breached_user_idx" ON "audit_logs" USING btree ("user_id","created_at") WHERE "audit_logs"."action" = 'User signed in with a breached password';--> statement-breakpoint
-- Not in schema.ts (drizzle has no triggers): the users list's sort keys follow the user's name and email.
CREATE FUNCTION "memberships_fill_sort_keys"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u.name), lower(u.email) INTO NEW.sort_name, NEW.sort_email FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_fill_sort_keys" BEFORE INSERT ON "memberships"
FOR EACH ROW EXECUTE FUNCTION "memberships_fill_sort_keys"();--> statement-breakpoint
CREATE FUNCTION "users_copy_sort_keys"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memberships SET sort_name = lower(NEW.name), sort_email = lower(NEW.email) WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_copy_sort_keys" AFTER UPDATE OF "name", "email" ON "users"
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
EXECUTE FUNCTION "users_copy_sort_keys"();--> statement-breakpoint
UPDATE "memberships" AS m SET "sort_name" = lower(u."name"), "sort_email" = lower(u."email") FROM "users" AS u WHERE u."id" = m."user_id";
