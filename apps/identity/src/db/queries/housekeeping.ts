import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { executeRows } from '../rows.js';

// Issue 16: the housekeeping jobs' deletes (services/housekeeping). Each statement removes at most
// `limit` rows chosen through an index, so a large backlog never holds its locks for long.

/**
 * Deletes at most `limit` rows of `table` whose `key` the subquery picks by `condition`; answers how
 * many. Table, key and condition come from the housekeeping table of jobs, never from a request.
 */
export async function deleteBatch(
  db: Db,
  target: { table: string; key: string; condition: SQL },
  limit: number,
): Promise<number> {
  const table = sql.identifier(target.table);
  const key = sql.identifier(target.key);
  const rows = await executeRows(
    db,
    sql`delete from ${table} where ${key} in (select ${key} from ${table} where ${target.condition} limit ${limit}) returning 1`,
  );
  return rows.length;
}

/** A timestamp parameter both drivers read alike. */
export const timestamp = (value: Date): SQL => sql`${value.toISOString()}::timestamptz`;
