import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteDatabase, pgliteExtensions, postgresDatabase, type Database } from '../src/db/client.js';

// Test databases: PGlite restored from a migrated, seeded dump (no DATABASE_URL), or a fresh
// PostgreSQL database cloned from a template database (DATABASE_URL set). Either way each test
// file owns its database, so files run in parallel, and nothing is left behind.

export const databaseUrl = process.env.DATABASE_URL || undefined;

export function adminUrl(url: string): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

export function urlForDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const TEST_DB_PREFIX = 'identity_test_';

export async function openPgliteFromDump(dumpPath: string): Promise<Database> {
  const client = await PGlite.create({
    loadDataDir: new Blob([fs.readFileSync(dumpPath)]),
    extensions: pgliteExtensions,
  });
  return pgliteDatabase(client);
}

export async function openPostgresClone(url: string, template: string): Promise<Database> {
  const name = `${TEST_DB_PREFIX}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await withAdminClient(url, async (client) => {
    // CREATE DATABASE ... TEMPLATE fails while another clone of the same template is being made: retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const database = postgresDatabase(urlForDatabase(url, name));
  return {
    ...database,
    async close() {
      await database.close();
      await withAdminClient(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
