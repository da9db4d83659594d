import { and, eq, sql } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { auditLogs } from '../src/db/schema/index.js';
import type { TestServer } from './harness.js';

const STATEMENTS = ['insert', 'update'] as const;
type Statement = (typeof STATEMENTS)[number];

/**
 * Issue 10: makes inserts into `table` (or its updates) fail while `condition` (SQL over `new`, and
 * `old` for updates) holds, as a full disk or a lost connection would, to check that a flow whose last
 * statement fails leaves nothing behind. The triggers are dropped after each test.
 */
export function failingInserts(server: () => TestServer) {
  const tables = new Set<string>();

  const drop = async (table: string) => {
    for (const statement of STATEMENTS) {
      await server().db.execute(sql.raw(`drop trigger if exists issue10_fail_${statement} on ${table}`));
    }
    tables.delete(table);
  };

  afterEach(async () => {
    for (const table of [...tables]) await drop(table);
  });

  const fail = async (table: string, condition = 'true', statement: Statement = 'insert') => {
    const { db } = server();
    const name = `issue10_fail_${statement}`;
    await db.execute(
      sql.raw(`create or replace function ${name}_${table}() returns trigger language plpgsql as $$
        begin
          if ${condition} then raise exception '${statement} of ${table} failed (test)'; end if;
          return new;
        end $$`),
    );
    await db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
    await db.execute(
      sql.raw(
        `create trigger ${name} before ${statement} on ${table} for each row execute function ${name}_${table}()`,
      ),
    );
    tables.add(table);
  };

  return {
    fail,
    /** Updates of `table` fail while `condition` (over `old` and `new`) holds. */
    failUpdates: (table: string, condition = 'true') => fail(table, condition, 'update'),
    /** The audit row of this action fails. */
    failAudit: (action: string) => fail('audit_logs', `new.action = '${action.replaceAll("'", "''")}'`),
    /** Inserts and updates of `table` work again. */
    restore: drop,
  };
}

/** How many audit rows of this action name the user. */
export async function auditCount(server: TestServer, action: string, userId: string): Promise<number> {
  const rows = await server.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.userId, userId)));
  return rows.length;
}
