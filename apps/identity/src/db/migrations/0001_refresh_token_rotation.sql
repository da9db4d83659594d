-- The happy path of a token refresh as one SQL function: marks the presented token rotated (if it
-- is current, unexpired and its session is not revoked), stores its successor and returns the
-- session's user. A function because its plan is prepared once per connection: the same statement
-- sent as a plain query was re-planned on every refresh (0.73 ms against 0.27 ms on PGlite).
CREATE FUNCTION rotate_refresh_token(p_old_hash text, p_new_hash text, p_now timestamptz, p_expires_at timestamptz)
RETURNS TABLE (
  family_id uuid,
  tenant_id uuid,
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
    SELECT f.id, f.user_id, f.tenant_id
    FROM refresh_token_families f JOIN old ON old.family_id = f.id
    WHERE f.revoked_at IS NULL
  ), successor AS (
    INSERT INTO refresh_tokens (token_hash, family_id, created_at, expires_at)
    SELECT p_new_hash, family.id, p_now, p_expires_at FROM family
  )
  SELECT family.id, family.tenant_id, u.id, u.email, u.name, u.verified, u.super_user, u.is_locked, u.metadata
  FROM family JOIN users u ON u.id = family.user_id
$$;
