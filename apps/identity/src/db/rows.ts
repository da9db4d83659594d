import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** Runs raw SQL on either driver (both answer with `{ rows }`); callers parse the rows. */
export async function executeRows(db: Db, query: SQL): Promise<unknown[]> {
  const result: unknown = await db.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  throw new Error('Unexpected result shape from the database driver');
}

/** PostgreSQL unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null;) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
