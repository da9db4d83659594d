import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// Issue 17: PGlite plans every statement again each time it runs, and runs it in six calls into its
// WebAssembly (parse, describe, bind, describe, execute, sync). The password login's read cost 2.6-2.9 ms
// that way, 0.34-0.37 ms as a named statement whose plan is kept and that runs in one call
// (bench/RESULTS.md, issue 17). The hot paths' statements are named here; every other statement is
// planned for its values, as before: a kept plan is generic, and a list's search, say, is planned better
// for the words searched.

/** The texts of the statements whose plans are kept, as the drivers receive them. */
const keptTexts = new Set<string>();
const dialect = new PgDialect();

/** Keeps the plan of a statement built by the query builder (its `.prepare()`d text). */
export function keepPlan(statement: { getQuery(): { sql: string } }): void {
  keptTexts.add(statement.getQuery().sql);
}

/**
 * A raw SQL statement whose plan is kept: `build` makes it from its values. Its text, the same whatever
 * the values, is read from the first statement built, so a hot path does not render it twice a call.
 */
export function keptStatement<Args extends unknown[]>(build: (...args: Args) => SQL): (...args: Args) => SQL {
  let kept = false;
  return (...args) => {
    const query = build(...args);
    if (!kept) {
      keptTexts.add(dialect.sqlToQuery(query).sql);
      kept = true;
    }
    return query;
  };
}

interface Prepared {
  name: string;
  parameterTypes: number[];
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
};

/**
 * The client drizzle is given: PGlite's own, but for the kept statements, which it parses once per
 * database as named statements and then runs in one call (bind, describe, execute, sync). Like PGlite's
 * own `query`, a statement outside a transaction waits for any transaction to end, and one inside a
 * transaction runs in it.
 */
export function withKeptPlans(client: PGlite): PGlite {
  const prepared = new Map<string, Promise<Prepared>>();
  let named = 0;
  const { serialize } = protocol;
  const sync = { syncToFs: false };

  /**
   * PGlite's parsers with a statement's own over them. PGlite copies its 318 parsers into a new object to
   * merge them on every statement, about 0.1 ms; here the statement's few sit on an object that inherits
   * the others.
   */
  const parsersOf = (own: QueryOptions['parsers']): PGlite['parsers'] =>
    own ? Object.assign(Object.create(client.parsers) as PGlite['parsers'], own) : client.parsers;

  const prepare = async (text: string): Promise<Prepared> => {
    named += 1;
    const name = `kept_${named}`;
    const messages = (
      await client.execProtocol(
        concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        sync,
      )
    ).messages;
    return { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
  };

  /**
   * Runs a kept statement. The caller holds what PGlite's `query` would: the turn between transactions,
   * or its own transaction. Outside one, the files are synced after it as PGlite's `query` does.
   */
  const run = (
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results> =>
    client.runExclusive(async () => {
      let statement = prepared.get(text);
      if (!statement) {
        statement = prepare(text);
        prepared.set(text, statement);
        statement.catch(() => prepared.delete(text));
      }
      const { name, parameterTypes } = await statement;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = parameterTypes[index] ?? 0;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await client.execProtocol(
        concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        sync,
      );
      if (!inTransaction) await client.syncToFs();
      const { parsers, ...rest } = options ?? {};
      const [results] = parse.parseResults(messages, parsersOf(parsers), rest);
      if (!results) throw new Error(`No results from the kept statement ${name}`);
      return results;
    });

  async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!keptTexts.has(text)) return client.query<T>(text, params, options);
    await client._checkReady();
    const results = await client._runExclusiveTransaction(() => run(text, params ?? [], options, false));
    return results as Results<T>;
  }

  /** PGlite's transaction, whose `query` runs the kept statements as above. */
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) => {
      async function txQuery<R>(
        text: string,
        params?: unknown[],
        options?: QueryOptions,
      ): Promise<Results<R>> {
        if (!keptTexts.has(text)) return tx.query<R>(text, params, options);
        return (await run(text, params ?? [], options, true)) as Results<R>;
      }
      return callback(
        new Proxy(tx, {
          get: (target, property) => (property === 'query' ? txQuery : Reflect.get(target, property)),
        }),
      );
    });

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
