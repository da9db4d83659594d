-- Issue 17: the users list's search (a part of the name or email) answered by a trigram index of the
-- tenant's memberships. btree_gin puts the tenant's id in the same index, so a search reads the
-- matches of one tenant only. Both extensions are trusted (PostgreSQL 13+); PGlite loads them where
-- it opens a database (db/client.ts, pgliteExtensions).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "memberships_search_trgm_idx" ON "memberships" USING gin ("tenant_id","sort_name" gin_trgm_ops,"sort_email" gin_trgm_ops);
