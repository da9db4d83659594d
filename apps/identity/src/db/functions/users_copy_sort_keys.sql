-- Trigger users_copy_sort_keys (migration 0013_team): a user's new name or email reaches the sort keys
-- of their memberships.
CREATE OR REPLACE FUNCTION "users_copy_sort_keys"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memberships SET sort_name = lower(NEW.name), sort_email = lower(NEW.email) WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
