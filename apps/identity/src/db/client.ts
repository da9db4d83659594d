import { AsyncLocalStorage } from 'node:async_hooks';
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

interface OpenTransaction {
  tx: Db;
  isOpen: boolean;
}

const currentTransaction = new AsyncLocalStorage<OpenTransaction>();

/**
 * The one way multi-statement changes are atomic (issue 10): `db.transaction(fn)` on the handle every
 * service holds. Inside `fn`, that same handle (and so every query module, the audit writer and the mail
 * outbox called with it) runs on the transaction: a service wraps its writes and its audit row without
 * threading a second handle through its helpers, and on PGlite, which has a single connection, a query
 * on the outer handle inside the transaction cannot wait for the transaction to end (a deadlock).
 * Nested `db.transaction` calls become savepoints. Work the transaction started that outlives it (a
 * task run after the answer) gets the plain handle again.
 */
export function transactionAware(db: Db, retryTransaction: (error: unknown) => boolean = () => false): Db {
  const transaction = async <T>(run: (tx: Db) => Promise<T>, outer: Db, attempt = 0): Promise<T> => {
    try {
      return await outer.transaction(async (tx) => {
        const open: OpenTransaction = { tx, isOpen: true };
        try {
          return await currentTransaction.run(open, () => run(tx));
        } finally {
          open.isOpen = false;
        }
      });
    } catch (error) {
      // A connection lost at any point of an outermost transaction: nothing of it was committed, so the
      // whole of it runs once more on a new connection.
      if (attempt === 0 && outer === db && retryTransaction(error)) return transaction(run, outer, 1);
      throw error;
    }
  };
  return new Proxy(db, {
    get(target, property, receiver) {
      const open = currentTransaction.getStore();
      const source = open?.isOpen ? open.tx : target;
      if (property === 'transaction') {
        return <T>(run: (tx: Db) => Promise<T>) => transaction(run, source);
      }
      if (source === target) return Reflect.get(target, property, receiver);
      const value: unknown = Reflect.get(source, property, source);
      return typeof value === 'function' ? value.bind(source) : value;
    },
  });
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Wraps an open PGlite instance (a data directory, a restored dump or in-memory). */
export function pgliteDatabase(client: PGlite, onClose: () => void = () => {}): Database {
  const drizzle = drizzlePglite(client, { schema });
  return {
    db: transactionAware(drizzle),
    kind: 'pglite',
    migrate: () => migratePglite(drizzle, { migrationsFolder }),
    async close() {
      try {
        await client.close();
      } finally {
        onClose();
      }
    },
  };
}

/**
 * Each named method of `service` runs in one transaction (issue 10): its writes, its audit row and its
 * outbox mail commit together or not at all. Services name their writing methods; reads stay outside a
 * transaction, and so do methods whose refusal writes an audit row (a rollback would undo it) or that
 * hash a password (PGlite would wait for the hash with its one connection held).
 */
export function atomicMethods<S extends object>(db: Db, names: ReadonlyArray<keyof S>, service: S): S {
  const methods = service as Record<keyof S, unknown>;
  for (const name of names) {
    const method = methods[name];
    if (typeof method !== 'function') throw new Error(`atomicMethods: ${String(name)} is not a method`);
    methods[name] = (...args: unknown[]) =>
      db.transaction(async () => method.apply(service, args) as unknown);
  }
  return service;
}

/**
 * Errors of a connection the server cut (pg_terminate_backend, a restart, a failover) or that died
 * under the pool: the statement never ran to completion and a new connection will do.
 */
const LOST_CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'ECONNRESET',
  'EPIPE',
]);
const LOST_CONNECTION_MESSAGES = [/Connection terminated/i, /not queryable/i];

export function isLostConnection(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null;) {
    if ('code' in current && typeof current.code === 'string' && LOST_CONNECTION_CODES.has(current.code)) {
      return true;
    }
    if ('message' in current && typeof current.message === 'string') {
      const { message } = current;
      if (LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * A statement outside a transaction runs once more when its pooled connection turns out to be cut:
 * the pool only learns of a cut when the dead connection is next used, and that request answered 500.
 * (Transactions run on a checked-out client, not through pool.query: transactionAware retries them whole.)
 */
function retryOnLostConnection(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]) => {
    try {
      return await query(...args);
    } catch (error) {
      if (!isLostConnection(error)) throw error;
      return query(...args);
    }
  };
  pool.query = retrying as typeof pool.query;
}

export function postgresDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection can be cut from the server's side (a restart, a failover, an administrator);
  // the pool replaces it at the next checkout. Unheard, that 'error' event would end the process.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, 'DatabaseWarning');
  });
  retryOnLostConnection(pool);
  const drizzle = drizzlePostgres(pool, { schema });
  return {
    db: transactionAware(drizzle, isLostConnection),
    kind: 'postgres',
    migrate: () => migratePostgres(drizzle, { migrationsFolder }),
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
