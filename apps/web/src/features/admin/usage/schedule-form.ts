import type { ReportInterval, ReportRecord, ScheduleInput } from '../../../sdk/admin/reports';

// The schedule dialog's form and the cron expression it stands for: daily, weekly and monthly are a
// time of day (and a weekday, or a day of the month) in a time zone; custom is a five-field cron as is.

export const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const periodChoices = ['1', '7', '30', '90'] as const;
export const MAX_RECIPIENTS = 20;

export interface ScheduleForm {
  active: boolean;
  interval: ReportInterval;
  /** HH:MM */
  time: string;
  weekday: string;
  dayOfMonth: string;
  cron: string;
  tz: string;
  /** The last days each mail covers. */
  days: string;
  recipients: string;
}

export type ScheduleField = 'time' | 'cron' | 'recipients';

const pad = (value: number) => String(value).padStart(2, '0');
const isNumber = (field: string | undefined) => field !== undefined && /^\d{1,2}$/.test(field);

/** The form for a template: its schedule when it has one, else weekly on Mondays at 08:00 in `tz`. */
export function scheduleFormOf(record: ReportRecord, tz: string): ScheduleForm {
  const schedule = record.schedule;
  const form: ScheduleForm = {
    active: schedule?.active ?? true,
    interval: schedule?.interval ?? 'weekly',
    time: '08:00',
    weekday: '1',
    dayOfMonth: '1',
    cron: schedule?.cron ?? '0 8 * * 1',
    tz: schedule?.tz ?? tz,
    days: '7',
    recipients: record.recipients.join(', '),
  };
  const days = schedule?.dataFilters?.days;
  if (typeof days === 'number' && (periodChoices as readonly string[]).includes(String(days)))
    form.days = String(days);
  const [minute, hour, dayOfMonth, , dayOfWeek] = (schedule?.cron ?? '').split(' ');
  if (isNumber(minute) && isNumber(hour)) form.time = `${pad(Number(hour))}:${pad(Number(minute))}`;
  if (isNumber(dayOfWeek)) form.weekday = String(Number(dayOfWeek) % 7);
  if (isNumber(dayOfMonth)) form.dayOfMonth = String(Number(dayOfMonth));
  return form;
}

/** The cron expression the form stands for. */
export function cronOf(form: ScheduleForm): string {
  if (form.interval === 'custom') return form.cron.trim().replace(/\s+/g, ' ');
  const [hour = '8', minute = '0'] = form.time.split(':');
  const at = `${Number(minute)} ${Number(hour)}`;
  if (form.interval === 'daily') return `${at} * * *`;
  if (form.interval === 'weekly') return `${at} * * ${form.weekday}`;
  return `${at} ${form.dayOfMonth} * *`;
}

/** The recipients typed, separated by commas, semicolons, spaces or lines. */
export function parseRecipients(text: string): { emails: string[]; invalid: string[] } {
  const entries = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return {
    emails: entries.filter((entry) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(entry)),
    invalid: entries.filter((entry) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(entry)),
  };
}

/** Why a list of recipients cannot be used, or null. */
export function recipientsProblem(text: string, required: boolean): string | null {
  const { emails, invalid } = parseRecipients(text);
  if (invalid.length > 0) return `Not an email address: ${invalid.join(', ')}`;
  if (required && emails.length === 0) return 'Enter at least one email address.';
  if (emails.length > MAX_RECIPIENTS) return `Enter at most ${MAX_RECIPIENTS} email addresses.`;
  return null;
}

/** The form checked: what to save, or the message of each field that is wrong. */
export function checkScheduleForm(
  form: ScheduleForm,
): { input: ScheduleInput } | { errors: Partial<Record<ScheduleField, string>> } {
  const errors: Partial<Record<ScheduleField, string>> = {};
  if (form.interval === 'custom' && form.cron.trim().split(/\s+/).length !== 5)
    errors.cron = 'Enter five fields: minute hour day-of-month month day-of-week.';
  if (form.interval !== 'custom' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(form.time))
    errors.time = 'Choose a time.';
  const recipients = recipientsProblem(form.recipients, false);
  if (recipients) errors.recipients = recipients;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      interval: form.interval,
      cron: cronOf(form),
      tz: form.tz,
      active: form.active,
      filters: { days: Number(form.days) },
      recipients: parseRecipients(form.recipients).emails,
    },
  };
}

/** "Weekly on Monday at 08:00 (Europe/Paris)", as the reports list says it. */
export function describeSchedule(schedule: NonNullable<ReportRecord['schedule']>): string {
  const [minute, hour, dayOfMonth, , dayOfWeek] = schedule.cron.split(' ');
  const at = isNumber(minute) && isNumber(hour) ? ` at ${pad(Number(hour))}:${pad(Number(minute))}` : '';
  const zone = ` (${schedule.tz})`;
  if (schedule.interval === 'daily') return `Daily${at}${zone}`;
  if (schedule.interval === 'weekly')
    return `Weekly on ${weekdays[Number(dayOfWeek) % 7] ?? dayOfWeek ?? ''}${at}${zone}`;
  if (schedule.interval === 'monthly') return `Monthly on day ${dayOfMonth ?? ''}${at}${zone}`;
  return `Custom: ${schedule.cron}${zone}`;
}

/** The time zones offered: the browser's list, UTC first. */
export function timeZones(): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Paris'];
  return ['UTC', ...supported.filter((zone) => zone !== 'UTC')];
}

/** The browser's time zone, or UTC. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
