-- Trigger memberships_fill_sort_keys (migration 0013_team), before a membership is inserted: the users
-- list's sort keys (lower-cased name and email) and last activity (users.last_login, or created_at when
-- the user never signed in), copied from the user. History: migrations 0013, 0018.
CREATE OR REPLACE FUNCTION "memberships_fill_sort_keys"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u.name), lower(u.email), coalesce(u.last_login, u.created_at)
    INTO NEW.sort_name, NEW.sort_email, NEW.last_active_at
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;
