import { describe, expect, it } from 'vitest';
import { ttlCached } from './ttl-cache.js';

const clockAt = (start: number) => {
  let now = start;
  return { now: () => new Date(now), move: (ms: number) => (now += ms) };
};

describe('ttlCached', () => {
  it('reads once within its life, again after it, after invalidate and when the clock goes back', async () => {
    const clock = clockAt(1_000_000);
    let reads = 0;
    const cache = ttlCached(async () => (reads += 1), clock, 5000);
    expect(await cache.get()).toBe(1);
    clock.move(5000);
    expect(await cache.get()).toBe(1);
    clock.move(1);
    expect(await cache.get()).toBe(2);
    cache.invalidate();
    expect(await cache.get()).toBe(3);
    clock.move(-10);
    expect(await cache.get()).toBe(4);
  });

  it('keeps no failed read', async () => {
    const clock = clockAt(0);
    let fail = true;
    const cache = ttlCached(async () => (fail ? Promise.reject(new Error('down')) : 'up'), clock, 5000);
    await expect(cache.get()).rejects.toThrow('down');
    fail = false;
    expect(await cache.get()).toBe('up');
  });
});
