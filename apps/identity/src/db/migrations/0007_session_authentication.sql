ALTER TABLE "refresh_token_families" ADD COLUMN "authentication" jsonb;--> statement-breakpoint
-- rotate_refresh_token (migration 0001) also returns how the session was authenticated, so a refreshed
-- access token keeps its acr/amr/auth_time and impersonation actor.
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
    RETURNING refresh_tokens.family_id
  ), family AS (
    SELECT f.id, f.user_id, f.tenant_id, f.authentication
    FROM refresh_token_families f JOIN old ON old.family_id = f.id
    WHERE f.revoked_at IS NULL
  ), successor AS (
    INSERT INTO refresh_tokens (token_hash, family_id, created_at, expires_at)
    SELECT p_new_hash, family.id, p_now, p_expires_at FROM family
  )
  SELECT family.id, family.tenant_id, family.authentication, u.id, u.email, u.name, u.verified, u.super_user,
    u.is_locked, u.metadata
  FROM family JOIN users u ON u.id = family.user_id
$$;
