import { describe, expect, it } from 'vitest';
import type { ReportRecord } from '../../../sdk/admin/reports';
import {
  checkScheduleForm,
  cronOf,
  describeSchedule,
  parseRecipients,
  scheduleFormOf,
  type ScheduleForm,
} from './schedule-form';

const record = (schedule?: ReportRecord['schedule'], recipients: string[] = []): ReportRecord => ({
  id: 'security-summary',
  name: 'Security summary',
  description: '',
  ...(schedule && { schedule }),
  status: schedule ? 'active' : 'unscheduled',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  htmlTemplate: '',
  customerListApiUrl: '',
  type: 'html',
  dataFilters: [],
  recipients,
  nextRunAt: null,
  lastRunAt: null,
});

const form = (changes: Partial<ScheduleForm>): ScheduleForm => ({
  ...scheduleFormOf(record(), 'UTC'),
  ...changes,
});

describe('the schedule form', () => {
  it('starts weekly on Mondays at 08:00 in the browser’s zone for an unscheduled report', () => {
    expect(scheduleFormOf(record(), 'Europe/Paris')).toMatchObject({
      active: true,
      interval: 'weekly',
      time: '08:00',
      weekday: '1',
      tz: 'Europe/Paris',
      days: '7',
      recipients: '',
    });
  });

  it('reads a saved schedule back into the form', () => {
    const saved = record(
      {
        interval: 'monthly',
        cron: '5 17 15 * *',
        tz: 'Asia/Tokyo',
        active: false,
        dataFilters: { days: 30 },
      },
      ['a@acme.test', 'b@acme.test'],
    );
    expect(scheduleFormOf(saved, 'UTC')).toMatchObject({
      active: false,
      interval: 'monthly',
      time: '17:05',
      dayOfMonth: '15',
      tz: 'Asia/Tokyo',
      days: '30',
      recipients: 'a@acme.test, b@acme.test',
    });
  });

  it('writes the cron of each interval', () => {
    expect(cronOf(form({ interval: 'daily', time: '06:30' }))).toBe('30 6 * * *');
    expect(cronOf(form({ interval: 'weekly', time: '09:05', weekday: '5' }))).toBe('5 9 * * 5');
    expect(cronOf(form({ interval: 'monthly', time: '00:00', dayOfMonth: '28' }))).toBe('0 0 28 * *');
    expect(cronOf(form({ interval: 'custom', cron: ' 0  8 * * 1-5 ' }))).toBe('0 8 * * 1-5');
  });

  it('checks the fields and answers what to save', () => {
    expect(checkScheduleForm(form({ interval: 'custom', cron: '0 8 * *' }))).toEqual({
      errors: { cron: 'Enter five fields: minute hour day-of-month month day-of-week.' },
    });
    expect(checkScheduleForm(form({ recipients: 'a@acme.test, nobody' }))).toEqual({
      errors: { recipients: 'Not an email address: nobody' },
    });
    expect(
      checkScheduleForm(form({ recipients: 'A@acme.test;b@acme.test\na@acme.test', days: '30' })),
    ).toEqual({
      input: {
        interval: 'weekly',
        cron: '0 8 * * 1',
        tz: 'UTC',
        active: true,
        filters: { days: 30 },
        recipients: ['a@acme.test', 'b@acme.test'],
      },
    });
  });

  it('reads recipients separated by commas, spaces or lines', () => {
    expect(parseRecipients('x@acme.test,  y@acme.test\n\nbad')).toEqual({
      emails: ['x@acme.test', 'y@acme.test'],
      invalid: ['bad'],
    });
  });

  it('describes a schedule in words', () => {
    const tz = 'Europe/Paris';
    expect(describeSchedule({ interval: 'weekly', cron: '30 9 * * 1', tz, active: true })).toBe(
      'Weekly on Monday at 09:30 (Europe/Paris)',
    );
    expect(describeSchedule({ interval: 'daily', cron: '0 8 * * *', tz, active: true })).toBe(
      'Daily at 08:00 (Europe/Paris)',
    );
    expect(describeSchedule({ interval: 'monthly', cron: '0 7 1 * *', tz, active: true })).toBe(
      'Monthly on day 1 at 07:00 (Europe/Paris)',
    );
    expect(describeSchedule({ interval: 'custom', cron: '*/30 9-17 * * 1-5', tz, active: true })).toBe(
      'Custom: */30 9-17 * * 1-5 (Europe/Paris)',
    );
  });
});
