// The Usage section's range of UTC days: a preset (the last 7, 30 or 90 days up to today) or two days
// chosen by hand, checked as the server checks them (at most 366 days, from not after to).

export const presets = [7, 30, 90] as const;
export type Preset = (typeof presets)[number];
export const MAX_DAYS = 366;

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today as a UTC day. */
export const utcToday = (now: Date = new Date()) => dayOf(now.getTime());

/** The last `days` UTC days up to today. */
export function presetRange(days: number, now: Date = new Date()): DayRange {
  const to = utcToday(now);
  return { from: dayOf(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS), to };
}

const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && dayOf(Date.parse(`${text}T00:00:00Z`)) === text;

/** Why two hand-picked days make no range, or null when they do. */
export function rangeProblem(range: DayRange): string | null {
  if (!isDay(range.from) || !isDay(range.to)) return 'Choose a start and an end date.';
  if (range.from > range.to) return 'The start date must not be after the end date.';
  if (daysIn(range) > MAX_DAYS) return `Choose at most ${MAX_DAYS} days.`;
  return null;
}

/** How many days the range holds, both ends included. */
export const daysIn = (range: DayRange) =>
  Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Jun 3" (or "Jun 3, 2025" with the year) for a UTC day. */
export const formatDay = (day: string, withYear = false) =>
  (withYear ? longDate : shortDate).format(new Date(`${day}T00:00:00Z`));

/** "Jun 3 – Jul 2, 2025 (UTC)" */
export const describeRange = (range: DayRange) =>
  `${formatDay(range.from, range.from.slice(0, 4) !== range.to.slice(0, 4))} – ${formatDay(range.to, true)} (UTC)`;
