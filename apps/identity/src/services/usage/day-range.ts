import { appError, errorCatalogue } from '../../errors.js';
import type { Interval } from '../../db/queries/usage.js';

// The Usage section's and the reports' ranges: whole UTC days, both ends included.

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;

export interface DayRange {
  from: string;
  to: string;
  /** Every day of the range, in order. */
  days: string[];
  /** [start of `from`, start of the day after `to`) */
  interval: Interval;
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC midnight of a YYYY-MM-DD day, or undefined when it names no day (2026-02-30). */
function dayStart(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayText(ms) === text ? ms : undefined;
}

const invalid = (message: string) => appError(errorCatalogue.usage.invalidRange, message);

/**
 * A range from the query: both ends given, or `to` (today by default) and the `days` before it (30 by
 * default). 400 in the error shape when a day is not a date, `from` is after `to`, or the range is
 * longer than 366 days.
 */
export function resolveDayRange(
  input: { from?: string | undefined; to?: string | undefined; days?: number | undefined },
  now: Date,
): DayRange {
  const toMs = input.to === undefined ? dayStart(dayText(now.getTime())) : dayStart(input.to);
  if (toMs === undefined) throw invalid('to must be a date as YYYY-MM-DD');
  let fromMs: number | undefined;
  if (input.from !== undefined) {
    fromMs = dayStart(input.from);
    if (fromMs === undefined) throw invalid('from must be a date as YYYY-MM-DD');
  } else {
    fromMs = toMs - ((input.days ?? DEFAULT_RANGE_DAYS) - 1) * DAY_MS;
  }
  if (fromMs > toMs) throw invalid('from must not be after to');
  const count = Math.round((toMs - fromMs) / DAY_MS) + 1;
  if (count > MAX_RANGE_DAYS) throw invalid(`The range can be at most ${MAX_RANGE_DAYS} days`);
  const days = Array.from({ length: count }, (_, index) => dayText(fromMs + index * DAY_MS));
  return {
    from: dayText(fromMs),
    to: dayText(toMs),
    days,
    interval: { from: new Date(fromMs), until: new Date(toMs + DAY_MS) },
  };
}

/** The calendar months (YYYY-MM) the range touches, and the interval that covers them whole. */
export function monthsOf(range: DayRange): { months: string[]; interval: Interval } {
  const start = new Date(`${range.from.slice(0, 7)}-01T00:00:00Z`);
  const end = new Date(`${range.to.slice(0, 7)}-01T00:00:00Z`);
  const months: string[] = [];
  const cursor = new Date(start);
  while (cursor <= end) {
    months.push(cursor.toISOString().slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return { months, interval: { from: start, until: cursor } };
}
