import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionsFolder, pgliteDatabase, pgliteExtensions, type Database } from './client.js';

/** The definitions of the database's own functions (not an extension's, as pg_trgm's), by name. */
async function definitions(client: PGlite): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY p.proname`,
  );
  return new Map(rows.map((row) => [row.name, row.definition]));
}

describe('SQL functions (db/functions)', () => {
  const client = new PGlite({ extensions: pgliteExtensions });
  let database: Database;

  beforeAll(async () => {
    database = pgliteDatabase(client);
    await database.migrate();
  }, 120_000);

  afterAll(async () => {
    await database.close();
  });

  it('each function of the database has its one file, and only those', async () => {
    const files = fs
      .readdirSync(functionsFolder)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => file.replace(/\.sql$/, ''))
      .sort();
    expect([...(await definitions(client)).keys()]).toEqual(files);
  });

  it('a database migrated earlier ends with the current definitions on its next start', async () => {
    const current = await definitions(client);
    // The definition migration 0013 left before 0018 changed it.
    await client.exec(`CREATE OR REPLACE FUNCTION "memberships_fill_sort_keys"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        SELECT lower(u.name), lower(u.email) INTO NEW.sort_name, NEW.sort_email FROM users u WHERE u.id = NEW.user_id;
        RETURN NEW;
      END
      $$;`);
    expect(await definitions(client)).not.toEqual(current);
    await database.migrate();
    expect(await definitions(client)).toEqual(current);
  });
});
