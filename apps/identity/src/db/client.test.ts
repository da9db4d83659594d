import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, pgliteDatabase, type Database } from './client.js';
import { column, executeRows } from './rows.js';

/** Resolves when `release` is called: lets a test hold a transaction open at a chosen point. */
function gate(): { wait: Promise<void>; release: () => void } {
  let release = () => {};
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait, release };
}

async function values(database: Database): Promise<number[]> {
  const rows = await executeRows(database.db, sql`select v::text as v from t order by v`);
  return rows.map((row) => Number(column.text(column.row(row), 'v')));
}

describe('transaction-aware handles', () => {
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    [first, second] = [pgliteDatabase(new PGlite()), pgliteDatabase(new PGlite())];
    for (const database of [first, second]) await database.db.execute(sql`create table t (v int)`);
  });

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('keep a transaction on its handle when another one, on another database, ends first', async () => {
    const firstOpen = gate();
    const firstEnded = gate();
    const firstTransaction = first.db.transaction(async () => {
      await first.db.execute(sql`insert into t values (1)`);
      await firstOpen.wait;
    });
    const secondTransaction = second.db.transaction(async () => {
      await second.db.execute(sql`insert into t values (2)`);
      firstOpen.release();
      await firstEnded.wait;
      // The first transaction has ended: this statement must still run in this one and roll back with it.
      await second.db.execute(sql`insert into t values (3)`);
      throw new Error('roll back');
    });
    await firstTransaction;
    firstEnded.release();
    await expect(secondTransaction).rejects.toThrow('roll back');
    expect(await values(first)).toEqual([1]);
    expect(await values(second)).toEqual([]);
  });

  it('run work asked for inside a transaction after its commit, and drop it with a rollback', async () => {
    const ran: string[] = [];
    const record = (name: string) => afterCommit(async () => void ran.push(name));
    await first.db.transaction(async () => {
      await record('outer');
      await first.db
        .transaction(async () => {
          await record('rolled-back savepoint');
          throw new Error('inner');
        })
        .catch(() => undefined);
      await first.db.transaction(async () => record('released savepoint'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['outer', 'released savepoint']);

    await first.db
      .transaction(async () => {
        await record('rolled back');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await record('outside');
    expect(ran).toEqual(['outer', 'released savepoint', 'outside']);
  });
});
