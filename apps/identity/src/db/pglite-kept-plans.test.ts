import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptStatement, withKeptPlans } from './pglite-kept-plans.js';

// Issue 17: the statements of the hot paths run on PGlite as named statements whose plans are kept. They
// answer as PGlite's own `query` does, inside a transaction and outside one.

const insert = 'insert into notes (id, body, at) values ($1, $2, $3) returning id, body, at, extra';
const count = 'select count(*)::int as count from notes where body like $1';

describe('kept plans on PGlite', () => {
  const raw = new PGlite();
  const client = withKeptPlans(raw);

  beforeAll(async () => {
    await raw.exec(
      `create table notes (id int primary key, body text not null, at timestamptz, extra jsonb)`,
    );
    keptStatement(() => sql.raw(insert))();
    keptStatement(() => sql.raw(count))();
  });

  afterAll(() => raw.close());

  it('answer as PGlite does, with the parsers asked for', async () => {
    const at = '2026-11-30 06:00:00+00';
    const kept = await client.query(insert, [1, 'first', at], {
      parsers: { 1184: (value) => `at ${value}` },
    });
    const plain = await raw.query('select id, body, at, extra from notes where id = $1', [1], {
      parsers: { 1184: (value) => `at ${value}` },
    });
    expect(kept.rows).toEqual(plain.rows);
    expect(kept.rows).toEqual([{ id: 1, body: 'first', at: 'at 2026-11-30 06:00:00+00', extra: null }]);
    expect(kept.fields.map((field) => field.name)).toEqual(['id', 'body', 'at', 'extra']);
    const arrays = await client.query(count, ['f%'], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1]]);
    // Other parsers of the same type are other parsers.
    const marked = (mark: string) => ({
      rowMode: 'array' as const,
      parsers: { 23: (value: string) => mark + value },
    });
    expect((await client.query(count, ['f%'], marked('n'))).rows).toEqual([['n1']]);
    expect((await client.query(count, ['f%'], marked('m'))).rows).toEqual([['m1']]);
  });

  it('run inside a transaction, and are undone with it', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [2, 'second', null]);
        expect((await tx.query(count, ['second'])).rows).toEqual([{ count: 1 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await client.query(count, ['second'])).rows).toEqual([{ count: 0 }]);
  });

  it('outside a transaction, wait for the one open to end rather than run in it', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const open = client.transaction(async (tx) => {
      await tx.query(insert, [3, 'third', null]);
      inserted();
      await finished;
      await tx.rollback();
    });
    await insertedYet;
    const outside = client.query(count, ['third']);
    finish();
    await open;
    expect((await outside).rows).toEqual([{ count: 0 }]);
  });

  it("fail with the database's error, and run again after it", async () => {
    await expect(client.query(insert, [1, 'again', null])).rejects.toMatchObject({ code: '23505' });
    expect((await client.query(insert, [4, 'fourth', null])).rows).toHaveLength(1);
  });
});
