import { describe, expect, it } from 'vitest';
import { CronError, isTimeZone, nextCronRun, parseCron } from './cron.js';

const next = (cron: string, tz: string, after: string) =>
  nextCronRun(parseCron(cron), tz, new Date(after))?.toISOString();

describe('five-field cron expressions (scheduled reports, issue 14)', () => {
  it('reads numbers, ranges, lists, steps and names', () => {
    const cron = parseCron('*/15 8-10,18 1 jan-mar MON-fri');
    expect(cron.minutes).toEqual([0, 15, 30, 45]);
    expect(cron.hours).toEqual([8, 9, 10, 18]);
    expect([...cron.months].sort()).toEqual([1, 2, 3]);
    expect([...cron.daysOfWeek].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(parseCron('5/20 * * * 7').minutes).toEqual([5, 25, 45]);
    expect([...parseCron('0 0 * * 7').daysOfWeek]).toEqual([0]);
  });

  it.each([
    ['0 8 * *', 'five fields'],
    ['0 8 * * * *', 'five fields'],
    ['60 8 * * *', 'minute must be between 0 and 59'],
    ['0 24 * * *', 'hour must be between 0 and 23'],
    ['0 8 0 * *', 'day of month must be between 1 and 31'],
    ['0 8 * 13 *', 'month must be between 1 and 12'],
    ['0 8 * * 8', 'day of week must be between 0 and 7'],
    ['*/0 8 * * *', 'step'],
    ['0 10-8 * * *', 'runs backwards'],
    ['0 8 * * funday', 'not a valid day of week'],
    ['0 8,, * * *', 'not a valid hour'],
    ['0 8 1/2/3 * *', 'not a valid day of month'],
  ])('refuses %j (%s)', (text, message) => {
    expect(() => parseCron(text)).toThrow(CronError);
    expect(() => parseCron(text)).toThrow(message);
  });

  it('finds the next minute strictly after the given instant, in UTC', () => {
    expect(next('0 8 * * *', 'UTC', '2026-03-10T07:59:30Z')).toBe('2026-03-10T08:00:00.000Z');
    expect(next('0 8 * * *', 'UTC', '2026-03-10T08:00:00Z')).toBe('2026-03-11T08:00:00.000Z');
    expect(next('*/15 * * * *', 'UTC', '2026-03-10T23:50:00Z')).toBe('2026-03-11T00:00:00.000Z');
  });

  it("runs on the zone's wall clock", () => {
    // Monday 9:30 in Paris (UTC+1 in winter) and in New York (UTC-5).
    expect(next('30 9 * * mon', 'Europe/Paris', '2026-01-06T00:00:00Z')).toBe('2026-01-12T08:30:00.000Z');
    expect(next('30 9 * * 1', 'America/New_York', '2026-01-06T00:00:00Z')).toBe('2026-01-12T14:30:00.000Z');
    // Before the zone's midnight but after UTC's: still the zone's previous day.
    expect(next('0 23 * * *', 'America/Los_Angeles', '2026-06-01T05:00:00Z')).toBe(
      '2026-06-01T06:00:00.000Z',
    );
  });

  it('skips months without the day, and matches either day field when both are restricted', () => {
    expect(next('0 6 31 * *', 'UTC', '2026-04-01T00:00:00Z')).toBe('2026-05-31T06:00:00.000Z');
    // The 13th or a Friday, whichever comes first (Vixie cron): Friday 2026-02-06, then the 13th.
    expect(next('0 0 13 * 5', 'UTC', '2026-02-01T00:00:00Z')).toBe('2026-02-06T00:00:00.000Z');
    expect(next('0 0 13 * 5', 'UTC', '2026-02-12T00:00:00Z')).toBe('2026-02-13T00:00:00.000Z');
    // A restricted weekday with a stepped day of month (starts with *): both must match.
    expect(next('0 0 */2 * 1', 'UTC', '2026-02-01T00:00:00Z')).toBe('2026-02-09T00:00:00.000Z');
  });

  it('runs a time the clocks skip after the gap, and a repeated time once', () => {
    // Paris moves from 02:00 to 03:00 on 2026-03-29: 02:30 runs at 03:30 (01:30 UTC).
    expect(next('30 2 * * *', 'Europe/Paris', '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:30:00.000Z');
    // Paris goes back from 03:00 to 02:00 on 2026-10-25: 02:30 runs at its first occurrence (00:30 UTC)...
    expect(next('30 2 * * *', 'Europe/Paris', '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
    // ...and not again an hour later.
    expect(next('30 2 * * *', 'Europe/Paris', '2026-10-25T00:30:00Z')).toBe('2026-10-26T01:30:00.000Z');
  });

  it('answers null for an expression that never runs, and February 29th within the leap years', () => {
    expect(next('0 0 30 2 *', 'UTC', '2026-01-01T00:00:00Z')).toBeUndefined();
    expect(next('0 0 29 2 *', 'UTC', '2026-01-01T00:00:00Z')).toBe('2028-02-29T00:00:00.000Z');
  });

  it('knows the IANA time zones', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
