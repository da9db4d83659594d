-- Issue 17: the search of sub-account names (part of a word) answered by a trigram index. The audit
-- log's free text has none: a trigram index over its columns cost about 90 µs of PostgreSQL CPU per
-- inserted row, and every sign-in and API-token exchange inserts one (decision 0022). PGlite loads
-- pg_trgm where it opens a database (db/client.ts, pgliteExtensions); PostgreSQL 13+ lets a database
-- owner create it (a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tenants_name_trgm_idx" ON "tenants" USING gin ("name" gin_trgm_ops);
