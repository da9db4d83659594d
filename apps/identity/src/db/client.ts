import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import { packageRoot } from '../config.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { withKeptPlans } from './pglite-kept-plans.js';
import * as schema from './schema/index.js';

/**
 * pg is loaded with require, not import: OpenTelemetry (src/tracing.ts) traces its statements by
 * patching it as it is required, which an ESM import of it would bypass.
 */
const pg = createRequire(import.meta.url)('pg') as typeof PgModule;

export type Schema = typeof schema;
/** Both drivers (PGlite and node-postgres) behind one type: query modules take a Db. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(packageRoot, 'src/db/migrations');
export const functionsFolder = path.join(packageRoot, 'src/db/functions');

/**
 * The SQL functions' current definitions, each once in db/functions/<name>.sql as a CREATE OR REPLACE,
 * in one script. Applied after the migrations on every start, so a fresh database and one migrated
 * long ago end with the same definitions; the migrations that first created or changed a function
 * stay as history. A change of a function's arguments or result needs a migration that drops the old
 * one first (CREATE OR REPLACE cannot change them).
 */
function sqlFunctionsScript(): string {
  return fs
    .readdirSync(functionsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => fs.readFileSync(path.join(functionsFolder, file), 'utf8'))
    .join('\n');
}

/**
 * Servers starting together on one PostgreSQL database would replace the same functions at once
 * ("tuple concurrently updated"): the script runs as one transaction (one simple query) holding this
 * advisory lock.
 */
const SQL_FUNCTIONS_LOCK = 0x6272_697a;

/**
 * Issue 16: instances starting together on one database would each apply the pending migrations
 * (drizzle's migrator takes no lock), and the second fails on objects the first just made. The
 * migrations run on one connection holding this advisory lock; the others wait, then find nothing
 * left to apply.
 */
const MIGRATIONS_LOCK = 0x6272_697b;

interface OpenTransaction {
  tx: Db;
  isOpen: boolean;
  /** Work that must wait for the commit (see `afterCommit`), in the order it was asked for. */
  afterCommit: Array<() => Promise<void>>;
}

const currentTransaction = new AsyncLocalStorage<OpenTransaction>();

/**
 * On Node 20 an enabled AsyncLocalStorage keeps promise hooks on for every promise of the process, a
 * cost every request paid (password logins were 7% slower with it). The storage is enabled only while a
 * transaction is open, here or in another database of the process: the last one to end disables it, and
 * the next `run()` enables it again. A context that outlives its transaction finds no store, or one no
 * longer open, and gets the plain handle either way.
 */
let openTransactions = 0;

/**
 * A refusal thrown inside a transaction (see `refuse`): the outermost transaction ends, then runs
 * `settle` on the plain handle, whose error (the refusal's answer) is what the caller gets.
 */
class DeferredRefusal extends Error {
  constructor(
    readonly settle: () => Promise<never>,
    readonly keepWrites: boolean,
  ) {
    super('refusal deferred to the end of its transaction');
  }
}

/**
 * A refusal whose record must outlive the transaction it happens in (issue 10): its audit row, a
 * wrong guess counted against a code. `settle` writes that record and throws the refusal's error.
 * Outside a transaction it runs at once. Inside one, the whole transaction ends first (rolled back,
 * or with `keepWrites` committed up to the refusal: a code spent before it was checked stays spent,
 * writes of savepoints that were still open are undone), then `settle` runs outside it. A flow can
 * so wrap its success path in one transaction without its refusals' records being undone with it.
 * Code inside the transaction must let the error pass (catching it swallows the refusal).
 */
export async function refuse(
  settle: () => Promise<never>,
  options: { keepWrites?: boolean } = {},
): Promise<never> {
  if (currentTransaction.getStore()?.isOpen) throw new DeferredRefusal(settle, options.keepWrites ?? false);
  return settle();
}

/**
 * Runs `attempt`; its failure is a refusal: `record(error)` (an audit row naming the reason) is
 * written outside the transaction if one is open (see `refuse`), then the error is thrown. A refusal
 * `attempt` deferred itself is settled first, and `record` gets the error it answers with.
 * `keepWrites(error)` says whether the transaction commits what was written before the failure.
 */
export async function refusing<T>(
  attempt: () => Promise<T>,
  record: (error: unknown) => Promise<void>,
  options: { keepWrites?: (error: unknown) => boolean } = {},
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    const inner = error instanceof DeferredRefusal ? error : undefined;
    const settle = async (): Promise<never> => {
      let answer: unknown = error;
      if (inner) {
        try {
          await inner.settle();
        } catch (settled) {
          answer = settled;
        }
      }
      await record(answer);
      throw answer;
    };
    return refuse(settle, { keepWrites: inner ? inner.keepWrites : (options.keepWrites?.(error) ?? false) });
  }
}

/**
 * The one way multi-statement changes are atomic (issue 10): `db.transaction(fn)` on the handle every
 * service holds. Inside `fn`, that same handle (and so every query module, the audit writer and the mail
 * outbox called with it) runs on the transaction: a service wraps its writes and its audit row without
 * threading a second handle through its helpers, and on PGlite, which has a single connection, a query
 * on the outer handle inside the transaction cannot wait for the transaction to end (a deadlock).
 * Nested `db.transaction` calls become savepoints. Work the transaction started that outlives it (a
 * task run after the answer) gets the plain handle again. A `refuse` inside it is settled once the
 * outermost transaction has ended.
 */
export function transactionAware(db: Db, retryTransaction: (error: unknown) => boolean = () => false): Db {
  const transaction = async <T>(run: (tx: Db) => Promise<T>, outer: Db, attempt = 1): Promise<T> => {
    const outermost = outer === db;
    let kept: DeferredRefusal | undefined;
    let result: T;
    let committed: OpenTransaction | undefined;
    try {
      result = await outer.transaction(async (tx) => {
        const open: OpenTransaction = { tx, isOpen: true, afterCommit: [] };
        committed = open;
        openTransactions += 1;
        try {
          return await currentTransaction.run(open, () => run(tx));
        } catch (error) {
          // Committed up to the refusal; the refusal is settled after the commit.
          if (!outermost || !(error instanceof DeferredRefusal) || !error.keepWrites) throw error;
          kept = error;
          return undefined as T;
        } finally {
          open.isOpen = false;
          openTransactions -= 1;
          if (openTransactions === 0) currentTransaction.disable();
        }
      });
    } catch (error) {
      // Rolled back: the refusal's own record is written now, outside the transaction.
      if (outermost && error instanceof DeferredRefusal) return error.settle();
      // A connection lost at any point of an outermost transaction: nothing of it was committed, so the
      // whole of it runs again on another connection, which may have been cut too (see POOL_SIZE).
      if (attempt <= POOL_SIZE && outermost && retryTransaction(error))
        return transaction(run, outer, attempt + 1);
      throw error;
    }
    const waiting = committed?.afterCommit ?? [];
    const enclosing = currentTransaction.getStore();
    // A savepoint's work waits for the transaction around it; the outermost commit runs it all.
    if (enclosing?.isOpen) enclosing.afterCommit.push(...waiting);
    else await runAll(waiting);
    if (kept) return kept.settle();
    return result;
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

/**
 * Runs `work` once the transaction open around it has committed, or at once outside one: what cannot
 * be taken back (delivering a mail over SMTP) must neither happen for a change that is then rolled back
 * nor hold the transaction, and with it PGlite's one connection, while a network peer answers. A
 * rolled-back transaction drops its work; the caller of the committed transaction waits for it and
 * gets its first error.
 */
export async function afterCommit(work: () => Promise<void>): Promise<void> {
  const open = currentTransaction.getStore();
  if (open?.isOpen) open.afterCommit.push(work);
  else await work();
}

/** Whether a transaction is open around the caller: its writes are not yet visible to others. */
export function insideTransaction(): boolean {
  return currentTransaction.getStore()?.isOpen === true;
}

async function runAll(work: ReadonlyArray<() => Promise<void>>): Promise<void> {
  const failures: unknown[] = [];
  for (const run of work) {
    try {
      await run();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

/**
 * Runs `run` in the transaction already open around it, or else in a new one: for a flow's building
 * block (a session start, an MFA challenge) that must be atomic on its own and joins its caller's
 * transaction without a savepoint.
 */
export function atomically<T>(db: Db, run: () => Promise<T>): Promise<T> {
  return currentTransaction.getStore()?.isOpen ? run() : db.transaction(run);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pool's connections (PostgreSQL); PGlite has one and answers undefined. */
  poolStats?(): { total: number; idle: number; waiting: number };
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Wraps an open PGlite instance (a data directory, a restored dump or in-memory). */
export function pgliteDatabase(client: PGlite, onClose: () => void = () => {}): Database {
  const drizzle = drizzlePglite(withKeptPlans(client), { schema });
  return {
    db: transactionAware(drizzle),
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzle, { migrationsFolder });
      await client.exec(sqlFunctionsScript());
    },
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
 * transaction, and so do methods whose refusal writes an audit row (a rollback would undo it) unless
 * the refusal goes through `refuse`, and methods that hash a password (PGlite would wait for the hash
 * with its one connection held).
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
 * The PostgreSQL pool's connections. A restart or a failover cuts all of its idle ones at once, and the
 * pool learns of each only when it is next used: a statement or a transaction that meets a cut one
 * runs again, as many times as there can be cut connections, so one request does not meet two and
 * answer 500 (it did, once in a full run, after a single retry).
 */
const POOL_SIZE = 10;

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
 * A statement outside a transaction runs again when its pooled connection turns out to be cut: the
 * pool only learns of a cut when the dead connection is next used, and that request answered 500.
 * (Transactions run on a checked-out client, not through pool.query: transactionAware retries them whole.)
 */
function retryOnLostConnection(pool: PgModule.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await query(...args);
      } catch (error) {
        if (!isLostConnection(error) || attempt > POOL_SIZE) throw error;
      }
    }
  };
  pool.query = retrying as typeof pool.query;
}

export function postgresDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  // An idle connection can be cut from the server's side (a restart, a failover, an administrator);
  // the pool replaces it at the next checkout. Unheard, that 'error' event would end the process.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, 'DatabaseWarning');
  });
  // The pool listens only to its idle connections: one cut while checked out (between two statements
  // of a transaction) raised its 'error' unheard, an uncaught exception. Every connection keeps a
  // listener of its own; the statement that meets the cut fails as a lost connection and is retried.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  retryOnLostConnection(pool);
  const drizzle = drizzlePostgres(pool, { schema });
  return {
    db: transactionAware(drizzle, isLostConnection),
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async migrate() {
      const client = await pool.connect();
      let failure: unknown;
      try {
        await client.query(`SELECT pg_advisory_lock(${MIGRATIONS_LOCK})`);
        try {
          await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
          await client.query(`SELECT pg_advisory_xact_lock(${SQL_FUNCTIONS_LOCK});\n${sqlFunctionsScript()}`);
        } finally {
          await client.query(`SELECT pg_advisory_unlock(${MIGRATIONS_LOCK})`);
        }
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        // A connection that failed here is not reused (a session lock dies with it).
        client.release(failure instanceof Error ? failure : undefined);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The extensions the migrations create (0034 and 0035: pg_trgm and btree_gin for the lists' searches). PGlite ships them as
 * modules to load when it opens a database: every PGlite that migrates or reads a migrated one needs them.
 */
export const pgliteExtensions = { btree_gin, pg_trgm };

/**
 * PGlite's buffer cache. Its data directory's postgresql.conf says 128MB, which PGlite allocates and
 * clears inside its WebAssembly memory on every open: 16MB opens about 0.3 s sooner and 110 MiB
 * smaller (bench/RESULTS.md, issue 17). Pages past it are read from the operating system's cache.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

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
    const client = await PGlite.create({
      dataDir: options.dataDir,
      relaxedDurability: true,
      extensions: pgliteExtensions,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    return pgliteDatabase(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}
