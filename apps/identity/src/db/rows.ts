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

type Row = Record<string, unknown>;

const unexpected = (column: string, value: unknown) =>
  new Error(`Unexpected ${value === null ? 'null' : typeof value} in column ${column}`);

/**
 * Typed reads of a raw row's columns, for hot paths where a zod parse of every row cost more than the
 * row itself: the users list's parse made 40 kB of garbage per page, and much of it outlived a
 * young-generation collection (bench/RESULTS.md). Each read throws when the driver answers another type.
 */
export const column = {
  row(value: unknown): Row {
    if (typeof value !== 'object' || value === null) throw unexpected('(row)', value);
    return value as Row;
  },
  text(row: Row, name: string): string {
    const value = row[name];
    if (typeof value !== 'string') throw unexpected(name, value);
    return value;
  },
  textOrNull(row: Row, name: string): string | null {
    return row[name] === null ? null : column.text(row, name);
  },
  boolean(row: Row, name: string): boolean {
    const value = row[name];
    if (typeof value !== 'boolean') throw unexpected(name, value);
    return value;
  },
  /** Both drivers answer timestamptz as a Date; a string is accepted as PostgreSQL's text form. */
  date(row: Row, name: string): Date {
    const value = row[name];
    const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
    if (!date || Number.isNaN(date.getTime())) throw unexpected(name, value);
    return date;
  },
  dateOrNull(row: Row, name: string): Date | null {
    return row[name] === null ? null : column.date(row, name);
  },
};
