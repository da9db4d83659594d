import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postgresDatabase } from '../../src/db/client.js';
import { executeRows } from '../../src/db/rows.js';
import { databaseUrl } from '../test-database.js';

// Regression (issue 3): the server side cutting an idle pooled connection (a restart, a failover, the
// test teardown's DROP DATABASE ... WITH (FORCE)) raised an unhandled 'error' that ended the process.
describe.skipIf(!databaseUrl)('PostgreSQL connections', () => {
  it('survives the server terminating an idle connection, and the next query gets a new one', async () => {
    const database = postgresDatabase(databaseUrl ?? '');
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const [before] = await executeRows(database.db, sql`select pg_backend_pid() as pid`);
      const pid = Number((before as { pid?: number } | undefined)?.pid);
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => warnings.length).toBeGreaterThan(0);
      expect(await executeRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      process.off('warning', onWarning);
      await database.close();
    }
  });

  it('survives the server cutting a connection inside a transaction: the transaction runs again on a new one', async () => {
    const database = postgresDatabase(databaseUrl ?? '');
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      let attempts = 0;
      const result = await database.db.transaction(async (tx) => {
        attempts += 1;
        const [row] = await executeRows(tx, sql`select pg_backend_pid() as pid`);
        if (attempts === 1) {
          // Cut between two statements of the transaction, while its connection is checked out and idle.
          const admin = new pg.Client({ connectionString: databaseUrl });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [Number((row as { pid?: number }).pid)]);
          await admin.end();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return executeRows(tx, sql`select 1 as one`);
      });
      expect(result).toEqual([{ one: 1 }]);
      expect(attempts).toBe(2);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
    }
  });
});
