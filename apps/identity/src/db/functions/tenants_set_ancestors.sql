-- Trigger tenants_ancestors (migration 0030_tenant_ancestors): a new account's ancestors are its
-- parent's and the parent, root first, so "every account below X" is one lookup in
-- tenants_ancestors_idx. Sub-accounts are never moved: the parent is set once, on insert.
CREATE OR REPLACE FUNCTION "tenants_set_ancestors"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.ancestor_ids := coalesce(
    (SELECT p.ancestor_ids || p.id FROM tenants p WHERE p.id = NEW.parent_tenant_id),
    '{}'::uuid[]);
  RETURN NEW;
END
$$;
