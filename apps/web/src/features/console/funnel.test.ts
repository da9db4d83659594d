import { describe, expect, it } from 'vitest';
import { barLength, defaultRange, shareOf } from './funnel';

// Issue 15: the funnel tab's range and bars.
describe('funnel arithmetic', () => {
  it('opens on the last twelve weeks, today included', () => {
    expect(defaultRange(new Date('2026-03-31T23:00:00Z'))).toEqual({ from: '2026-01-07', to: '2026-03-31' });
  });

  it("gives each stage's share of the sign-ups, and none without sign-ups", () => {
    const counts = { signUps: 8, activations: 6, firstSignIns: 4, trials: 3, paid: 1 };
    expect(shareOf(counts, 'activations')).toBe('75%');
    expect(shareOf(counts, 'paid')).toBe('13%');
    expect(shareOf({ ...counts, signUps: 0 }, 'paid')).toBe('—');
  });

  it('scales bars to the largest group', () => {
    expect(barLength(5, 20)).toBe(25);
    expect(barLength(0, 0)).toBe(0);
  });
});
