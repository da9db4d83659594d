-- Trigger users_copy_last_active (migration 0018_member_activity): a user's sign-in moves the last
-- activity of their memberships. To the minute: a sign-in within a minute of the value a membership
-- holds leaves it alone, so that repeated sign-ins do not each rewrite a row in every sort index.
CREATE OR REPLACE FUNCTION "users_copy_last_active"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memberships SET last_active_at = coalesce(NEW.last_login, NEW.created_at)
    WHERE user_id = NEW.id
      AND abs(extract(epoch FROM coalesce(NEW.last_login, NEW.created_at) - last_active_at)) >= 60;
  RETURN NULL;
END
$$;
