import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { packageRoot } from '../config.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers (PGlite and node-postgres) behind one type: query modules take a Db. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(packageRoot, 'src/db/migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Wraps an open PGlite instance (a data directory, a restored dump or in-memory). */
export function pgliteDatabase(client: PGlite, onClose: () => void = () => {}): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async close() {
      try {
        await client.close();
      } finally {
        onClose();
      }
    },
  };
}

export function postgresDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection can be cut from the server's side (a restart, a failover, an administrator);
  // the pool replaces it at the next checkout. Unheard, that 'error' event would end the process.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, 'DatabaseWarning');
  });
  const db = drizzlePostgres(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR guarded by a lockfile,
 * because PGlite has no cross-process lock of its own and two writers corrupt the directory.
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const lock = acquireDataDirLock(options.dataDir);
  try {
    // On the Node filesystem every write is already on disk when a query returns (PGlite's
    // syncToFs is a no-op there), so awaiting that sync after each query only costs time.
    const client = await PGlite.create({ dataDir: options.dataDir, relaxedDurability: true });
    return pgliteDatabase(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}
