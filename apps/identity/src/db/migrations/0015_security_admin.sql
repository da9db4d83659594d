-- Security section of the admin portal (issue 4): the tenant's session policy, IP and email-domain
-- restrictions. Timeouts are in seconds, as on the wire (CreateSessionConfigurationRequest).
CREATE TABLE "session_policies" (
	"tenant_id" uuid PRIMARY KEY NOT NULL CONSTRAINT "session_policies_tenant_id_tenants_id_fk" REFERENCES "tenants"("id") ON DELETE cascade,
	"idle_timeout_active" boolean DEFAULT false NOT NULL,
	"idle_timeout_seconds" integer DEFAULT 1800 NOT NULL,
	"absolute_timeout_active" boolean DEFAULT false NOT NULL,
	"absolute_timeout_seconds" integer DEFAULT 86400 NOT NULL,
	"concurrent_sessions_active" boolean DEFAULT false NOT NULL,
	"max_concurrent_sessions" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restriction_configs" (
	"tenant_id" uuid PRIMARY KEY NOT NULL CONSTRAINT "restriction_configs_tenant_id_tenants_id_fk" REFERENCES "tenants"("id") ON DELETE cascade,
	"ip_active" boolean DEFAULT false NOT NULL,
	"ip_strategy" text DEFAULT 'ALLOW' NOT NULL,
	"domain_active" boolean DEFAULT false NOT NULL,
	"domain_list_type" text DEFAULT 'ALLOW' NOT NULL,
	"domain_block_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_restrictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL CONSTRAINT "ip_restrictions_tenant_id_tenants_id_fk" REFERENCES "tenants"("id") ON DELETE cascade,
	"ip" text NOT NULL,
	"strategy" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ip_restrictions_tenant_strategy_ip_idx" ON "ip_restrictions" USING btree ("tenant_id","strategy","ip");--> statement-breakpoint
CREATE TABLE "email_domain_restrictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL CONSTRAINT "email_domain_restrictions_tenant_id_tenants_id_fk" REFERENCES "tenants"("id") ON DELETE cascade,
	"domain" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "email_domain_restrictions_tenant_type_domain_idx" ON "email_domain_restrictions" USING btree ("tenant_id","type","domain");--> statement-breakpoint
-- Password hashes cannot be checked against the breached list later: a sign-in with a listed password
-- records it; a password changed after the detection makes the record stale.
CREATE TABLE "breached_password_detections" (
	"user_id" uuid PRIMARY KEY NOT NULL CONSTRAINT "breached_password_detections_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE cascade,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- rotate_refresh_token (migration 0007) also applies the tenant's session policy: a token unused for
-- longer than the idle timeout, or a session older than the absolute timeout, revokes its session
-- instead of rotating. Tenants without a policy row pay one primary-key probe.
DROP FUNCTION rotate_refresh_token(text, text, timestamptz, timestamptz);--> statement-breakpoint
CREATE FUNCTION rotate_refresh_token(p_old_hash text, p_new_hash text, p_now timestamptz, p_expires_at timestamptz)
RETURNS TABLE (
  family_id uuid,
  tenant_id uuid,
  authentication jsonb,
  id uuid,
  email text,
  name text,
  verified boolean,
  super_user boolean,
  is_locked boolean,
  metadata text
)
LANGUAGE sql
AS $$
  WITH old AS (
    UPDATE refresh_tokens SET rotated_at = p_now
    WHERE token_hash = p_old_hash AND rotated_at IS NULL AND expires_at > p_now
    RETURNING refresh_tokens.family_id, refresh_tokens.created_at
  ), family AS (
    SELECT f.id, f.user_id, f.tenant_id, f.authentication,
      COALESCE(
        (p.idle_timeout_active AND old.created_at + make_interval(secs => p.idle_timeout_seconds) <= p_now)
        OR (p.absolute_timeout_active AND f.created_at + make_interval(secs => p.absolute_timeout_seconds) <= p_now),
        false
      ) AS timed_out
    FROM refresh_token_families f JOIN old ON old.family_id = f.id
    LEFT JOIN session_policies p ON p.tenant_id = f.tenant_id
    WHERE f.revoked_at IS NULL
  ), timed_out AS (
    UPDATE refresh_token_families SET revoked_at = p_now, revoked_reason = 'session policy'
    WHERE refresh_token_families.id IN (SELECT family.id FROM family WHERE family.timed_out)
  ), successor AS (
    INSERT INTO refresh_tokens (token_hash, family_id, created_at, expires_at)
    SELECT p_new_hash, family.id, p_now, p_expires_at FROM family WHERE NOT family.timed_out
  )
  SELECT family.id, family.tenant_id, family.authentication, u.id, u.email, u.name, u.verified, u.super_user,
    u.is_locked, u.metadata
  FROM family JOIN users u ON u.id = family.user_id
  WHERE NOT family.timed_out
$$;
