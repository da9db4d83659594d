import type { ReportInterval, ReportSchedule } from '@brizo/contract/entities/reports';
import { appError, errorCatalogue } from '../../errors.js';
import { CronError, isTimeZone, nextCronRun, parseCron, type CronExpression } from './cron.js';

// A report's schedule: when it is mailed, as a cron expression on the wall clock of a time zone. The
// daily, weekly and monthly intervals are cron expressions of a fixed shape (a time of day; and a
// weekday, or a day of the month); custom takes any five-field expression.

/** When an interval's cron is left empty: 08:00, on Mondays for weekly, on the 1st for monthly. */
const defaultCron: Record<Exclude<ReportInterval, 'custom'>, string> = {
  daily: '0 8 * * *',
  weekly: '0 8 * * 1',
  monthly: '0 8 1 * *',
};

const single = (field: string | undefined) => field !== undefined && /^\d{1,2}$/.test(field);
const any = (field: string | undefined) => field === '*';

/** Whether the cron's fields have the interval's shape. */
function fitsInterval(interval: ReportInterval, fields: string[]): boolean {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields;
  if (interval === 'custom') return true;
  if (!single(minute) || !single(hour) || !any(month)) return false;
  if (interval === 'daily') return any(dayOfMonth) && any(dayOfWeek);
  if (interval === 'weekly') return any(dayOfMonth) && single(dayOfWeek);
  return single(dayOfMonth) && any(dayOfWeek);
}

const invalid = (message: string) => appError(errorCatalogue.reports.invalidSchedule, message);

export interface CheckedSchedule {
  schedule: Omit<ReportSchedule, 'dataFilters'>;
  cron: CronExpression;
}

/** The schedule as sent, checked: a known time zone, a cron that fits its interval and runs. */
export function checkSchedule(
  input: {
    interval: ReportInterval;
    cron?: string | undefined;
    tz?: string | undefined;
    active: boolean;
  },
  now: Date,
): CheckedSchedule {
  const tz = input.tz?.trim() || 'UTC';
  if (!isTimeZone(tz)) throw invalid('tz must be a time zone such as Europe/Paris or UTC');
  const text = input.cron?.trim().replace(/\s+/g, ' ') ?? '';
  if (!text && input.interval === 'custom') throw invalid('A custom schedule needs a cron expression');
  const cronText = text || defaultCron[input.interval as Exclude<ReportInterval, 'custom'>];
  let cron: CronExpression;
  try {
    cron = parseCron(cronText);
  } catch (error) {
    if (error instanceof CronError) throw invalid(`cron: ${error.message}`);
    throw error;
  }
  if (!fitsInterval(input.interval, cronText.split(' ')))
    throw invalid(`cron "${cronText}" does not fit the ${input.interval} interval: use custom`);
  if (!nextCronRun(cron, tz, now)) throw invalid(`cron "${cronText}" never runs`);
  return { schedule: { interval: input.interval, cron: cronText, tz, active: input.active }, cron };
}

/** The next run after `after` of a stored schedule, or null when it is off or cannot be read. */
export function nextRunOf(stored: Record<string, unknown>, isActive: boolean, after: Date): Date | null {
  if (!isActive || stored.active !== true) return null;
  if (typeof stored.cron !== 'string' || typeof stored.tz !== 'string' || !isTimeZone(stored.tz)) return null;
  try {
    return nextCronRun(parseCron(stored.cron), stored.tz, after);
  } catch {
    return null;
  }
}
