// Issue 17: large totals are reused for a few seconds and recounted in the background; small ones are
// counted on every page.
import { describe, expect, it } from 'vitest';
import { REUSED_TOTAL_FROM, REUSED_TOTAL_TTL_MS, reusedTotals } from './reused-totals.js';

/** A count answering the values given in turn, recording how many times it ran. */
function counter(...values: number[]) {
  const state = { runs: 0 };
  const count = () => {
    const value = values[Math.min(state.runs, values.length - 1)] ?? 0;
    state.runs += 1;
    return Promise.resolve(value);
  };
  return { state, count };
}

/** Lets a background recount finish. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('reused totals', () => {
  it('counts a small total on every page', async () => {
    const totals = reusedTotals(() => 0);
    const { state, count } = counter(5, 6, REUSED_TOTAL_FROM - 1);
    expect(await totals.of('small', count)).toBe(5);
    expect(await totals.of('small', count)).toBe(6);
    expect(await totals.of('small', count)).toBe(REUSED_TOTAL_FROM - 1);
    expect(state.runs).toBe(3);
  });

  it('reuses a large total, then answers it once more while it is recounted', async () => {
    let now = 1_000_000;
    const totals = reusedTotals(() => now);
    const { state, count } = counter(10_001, 9_000);
    expect(await totals.of('large', count)).toBe(10_001);
    now += REUSED_TOTAL_TTL_MS - 1;
    expect(await totals.of('large', count)).toBe(10_001);
    expect(state.runs).toBe(1);
    now += 1;
    // Old enough: the older total is answered and one recount starts.
    expect(await totals.of('large', count)).toBe(10_001);
    expect(state.runs).toBe(2);
    await settled();
    expect(await totals.of('large', count)).toBe(9_000);
    expect(state.runs).toBe(2);
    // Each shape keeps its own total.
    expect(await totals.of('other', counter(1_500).count)).toBe(1_500);
    expect(await totals.of('large', count)).toBe(9_000);
  });

  it('waits for a first count under way instead of starting another', async () => {
    const totals = reusedTotals(() => 0);
    const { state, count } = counter(2_000);
    const [first, second] = await Promise.all([totals.of('shape', count), totals.of('shape', count)]);
    expect([first, second]).toEqual([2_000, 2_000]);
    expect(state.runs).toBe(1);
  });

  it('counts again after a failed count', async () => {
    const totals = reusedTotals(() => 0);
    await expect(totals.of('shape', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await totals.of('shape', counter(3_000).count)).toBe(3_000);
  });

  it('recounts a total when the clock was set back', async () => {
    let now = 10_000;
    const totals = reusedTotals(() => now);
    const { state, count } = counter(4_000, 4_100);
    expect(await totals.of('shape', count)).toBe(4_000);
    now -= 1;
    expect(await totals.of('shape', count)).toBe(4_000);
    await settled();
    expect(await totals.of('shape', count)).toBe(4_100);
    expect(state.runs).toBe(2);
  });
});
