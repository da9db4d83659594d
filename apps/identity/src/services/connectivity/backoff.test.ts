import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffMs } from './backoff.js';

describe('webhook retry backoff (issue 14)', () => {
  it('grows exponentially up to the cap, with the whole range jittered', () => {
    const highest = (attempt: number) => backoffMs(attempt, () => 0.999999);
    expect(highest(1)).toBe(Math.floor(0.999999 * BACKOFF_BASE_MS));
    expect(highest(2)).toBe(Math.floor(0.999999 * BACKOFF_BASE_MS * 2));
    expect(highest(4)).toBe(Math.floor(0.999999 * BACKOFF_BASE_MS * 8));
    expect(highest(20)).toBe(Math.floor(0.999999 * BACKOFF_CAP_MS));
    expect(backoffMs(3, () => 0.5)).toBe(BACKOFF_BASE_MS * 2);
  });

  it('waits at least a second', () => {
    expect(backoffMs(1, () => 0)).toBe(1_000);
  });
});
