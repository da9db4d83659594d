ALTER TABLE "memberships" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Not in schema.ts (drizzle has no triggers): last_active_at follows users.last_login (or created_at
-- when the user never signed in), as sort_name and sort_email follow the name and email (0013_team).
-- To the minute: a sign-in within a minute of the value a membership holds leaves it alone, so that
-- repeated sign-ins do not each rewrite a row in every sort index.
CREATE OR REPLACE FUNCTION "memberships_fill_sort_keys"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u.name), lower(u.email), coalesce(u.last_login, u.created_at)
    INTO NEW.sort_name, NEW.sort_email, NEW.last_active_at
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "users_copy_last_active"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memberships SET last_active_at = coalesce(NEW.last_login, NEW.created_at)
    WHERE user_id = NEW.id
      AND abs(extract(epoch FROM coalesce(NEW.last_login, NEW.created_at) - last_active_at)) >= 60;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_copy_last_active" AFTER UPDATE OF "last_login", "created_at" ON "users"
FOR EACH ROW WHEN (OLD.last_login IS DISTINCT FROM NEW.last_login OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION "users_copy_last_active"();--> statement-breakpoint
UPDATE "memberships" AS m SET "last_active_at" = coalesce(u."last_login", u."created_at") FROM "users" AS u WHERE u."id" = m."user_id";--> statement-breakpoint
-- Not in schema.ts (drizzle has no INCLUDE): each sort index also carries the other sort keys and
-- last_active_at, so that a search range ordered by another key, and the inactive preset, are read
-- from the index alone instead of probing users row by row.
DROP INDEX "memberships_tenant_name_idx";--> statement-breakpoint
CREATE INDEX "memberships_tenant_name_idx" ON "memberships" USING btree ("tenant_id","sort_name" collate "C","user_id") INCLUDE ("sort_email","created_at","last_active_at");--> statement-breakpoint
DROP INDEX "memberships_tenant_email_idx";--> statement-breakpoint
CREATE INDEX "memberships_tenant_email_idx" ON "memberships" USING btree ("tenant_id","sort_email" collate "C","user_id") INCLUDE ("sort_name","created_at","last_active_at");--> statement-breakpoint
DROP INDEX "memberships_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "memberships_tenant_created_idx" ON "memberships" USING btree ("tenant_id","created_at","user_id") INCLUDE ("sort_name","sort_email","last_active_at");
