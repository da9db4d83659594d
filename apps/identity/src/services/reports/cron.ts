// Scheduled reports (issue 14): five-field cron expressions (minute hour day-of-month month
// day-of-week) evaluated on the wall clock of an IANA time zone. Small on purpose: `*`, numbers, ranges,
// lists, steps and English month and weekday names; no seconds, years or the @daily family.

export interface CronExpression {
  minutes: readonly number[];
  hours: readonly number[];
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  daysOfWeek: ReadonlySet<number>;
  /** As in Vixie cron: when both day fields are restricted (neither starts with `*`), either may match. */
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
}

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const FIELDS: readonly FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTH_NAMES },
  // 7 is Sunday too.
  { name: 'day of week', min: 0, max: 7, names: DAY_NAMES },
];

export class CronError extends Error {}

function valueOf(text: string, spec: FieldSpec): number {
  const named = spec.names?.indexOf(text.toLowerCase()) ?? -1;
  // Month names count from 1 (jan), weekday names from 0 (sun).
  if (named >= 0) return spec.min === 1 ? named + 1 : named;
  if (!/^\d{1,2}$/.test(text)) throw new CronError(`"${text}" is not a valid ${spec.name}`);
  const value = Number(text);
  if (value < spec.min || value > spec.max)
    throw new CronError(`${spec.name} must be between ${spec.min} and ${spec.max}`);
  return value;
}

function parseField(text: string, spec: FieldSpec): Set<number> {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const [range = '', stepText, extra] = item.split('/');
    if (extra !== undefined || range === '') throw new CronError(`"${item}" is not a valid ${spec.name}`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d{1,2}$/.test(stepText) || Number(stepText) === 0)
        throw new CronError(`the step of "${item}" must be a whole number from 1`);
      step = Number(stepText);
    }
    let low: number;
    let high: number;
    if (range === '*') {
      low = spec.min;
      high = spec.max;
    } else {
      const [first = '', last, beyond] = range.split('-');
      if (beyond !== undefined) throw new CronError(`"${item}" is not a valid ${spec.name}`);
      low = valueOf(first, spec);
      // `5/15` means from 5 to the end, every 15.
      high = last !== undefined ? valueOf(last, spec) : stepText !== undefined ? spec.max : low;
      if (high < low) throw new CronError(`the range "${range}" of ${spec.name} runs backwards`);
    }
    for (let value = low; value <= high; value += step) values.add(value);
  }
  return values;
}

/** Parses a five-field expression; throws CronError with what is wrong. */
export function parseCron(text: string): CronExpression {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 5 || fields[0] === '')
    throw new CronError('cron must have five fields: minute hour day-of-month month day-of-week');
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = fields.map((field, index) =>
    parseField(field, FIELDS[index] as FieldSpec),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (daysOfWeek.delete(7)) daysOfWeek.add(0);
  return {
    minutes: [...minutes].sort((a, b) => a - b),
    hours: [...hours].sort((a, b) => a - b),
    daysOfMonth,
    months,
    daysOfWeek,
    dayOfMonthRestricted: !(fields[2] ?? '').startsWith('*'),
    dayOfWeekRestricted: !(fields[4] ?? '').startsWith('*'),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows (Europe/Paris, UTC...). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time of an instant in the zone, as if it were UTC (milliseconds). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/**
 * The instant a wall-clock time of the zone names. A time that repeats when clocks go back is its first
 * occurrence; a time skipped when they go forward lands after the gap (02:30 becomes 03:30).
 */
function instantOf(wallMs: number, timeZone: string): number {
  const firstGuess = wallMs - (wallClockMs(wallMs, timeZone) - wallMs);
  const offset = wallClockMs(firstGuess, timeZone) - firstGuess;
  const candidate = wallMs - offset;
  // Clocks going back: the same wall time an hour earlier is the first occurrence.
  const earlier = candidate - 60 * 60 * 1000;
  return wallClockMs(earlier, timeZone) === wallMs ? earlier : candidate;
}

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Far enough for any expression that runs at all (February 29th recurs within 8 years). */
const SEARCH_DAYS = 8 * 366;

function dayMatches(cron: CronExpression, dayMs: number): boolean {
  const date = new Date(dayMs);
  if (!cron.months.has(date.getUTCMonth() + 1)) return false;
  const byMonthDay = cron.daysOfMonth.has(date.getUTCDate());
  const byWeekDay = cron.daysOfWeek.has(date.getUTCDay());
  if (cron.dayOfMonthRestricted && cron.dayOfWeekRestricted) return byMonthDay || byWeekDay;
  return byMonthDay && byWeekDay;
}

/** The first instant strictly after `after` at which the expression fires in the zone, or null if never. */
export function nextCronRun(cron: CronExpression, timeZone: string, after: Date): Date | null {
  const afterMs = after.getTime();
  const startWall = wallClockMs(afterMs, timeZone);
  const firstDay = Math.floor(startWall / DAY_MS) * DAY_MS;
  for (let offset = 0; offset <= SEARCH_DAYS; offset += 1) {
    const dayMs = firstDay + offset * DAY_MS;
    if (!dayMatches(cron, dayMs)) continue;
    for (const hour of cron.hours) {
      for (const minute of cron.minutes) {
        const wall = dayMs + hour * 60 * MINUTE_MS + minute * MINUTE_MS;
        // Wall times up to an hour behind the start can still be ahead of it around a clock change.
        if (wall + 60 * MINUTE_MS < startWall) continue;
        const instant = instantOf(wall, timeZone);
        if (instant > afterMs) return new Date(instant);
      }
    }
  }
  return null;
}
