ALTER TABLE "tenants" ADD COLUMN "ancestor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "tenants_ancestors_idx" ON "tenants" USING gin ("ancestor_ids");--> statement-breakpoint
-- Every account below a root is then `ancestor_ids @> ARRAY[root]`. Sub-accounts are never moved (the
-- API has no re-parenting): a parent is set once, on insert, from the parent's own ancestors.
CREATE FUNCTION tenants_set_ancestors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ancestor_ids := coalesce(
    (SELECT p.ancestor_ids || p.id FROM tenants p WHERE p.id = NEW.parent_tenant_id),
    '{}'::uuid[]);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER tenants_ancestors BEFORE INSERT OR UPDATE OF parent_tenant_id ON tenants
  FOR EACH ROW EXECUTE FUNCTION tenants_set_ancestors();--> statement-breakpoint
WITH RECURSIVE chain(id, ancestors) AS (
  SELECT id, '{}'::uuid[] FROM tenants WHERE parent_tenant_id IS NULL
  UNION ALL
  SELECT t.id, chain.ancestors || chain.id FROM tenants t JOIN chain ON t.parent_tenant_id = chain.id
)
UPDATE tenants SET ancestor_ids = chain.ancestors FROM chain
WHERE tenants.id = chain.id AND cardinality(chain.ancestors) > 0;
