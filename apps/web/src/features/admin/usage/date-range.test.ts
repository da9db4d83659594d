import { describe, expect, it } from 'vitest';
import { daysIn, describeRange, presetRange, rangeProblem, utcToday } from './date-range';

describe("the Usage section's range", () => {
  const now = new Date('2026-03-01T23:30:00-05:00');

  it('counts presets in UTC days up to today', () => {
    expect(utcToday(now)).toBe('2026-03-02');
    expect(presetRange(7, now)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(daysIn(presetRange(90, now))).toBe(90);
  });

  it('checks a hand-picked range as the server does', () => {
    expect(rangeProblem({ from: '2026-01-01', to: '2026-01-31' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-01-31' })).toBe('Choose a start and an end date.');
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('Choose a start and an end date.');
    expect(rangeProblem({ from: '2026-02-02', to: '2026-02-01' })).toBe(
      'The start date must not be after the end date.',
    );
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2025-01-01' })).toBe('Choose at most 366 days.');
  });

  it('describes the range, with the year of each end when they differ', () => {
    expect(describeRange({ from: '2026-02-24', to: '2026-03-02' })).toBe('Feb 24 – Mar 2, 2026 (UTC)');
    expect(describeRange({ from: '2025-12-20', to: '2026-01-02' })).toBe('Dec 20, 2025 – Jan 2, 2026 (UTC)');
  });
});
