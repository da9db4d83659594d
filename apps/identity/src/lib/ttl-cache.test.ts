import { describe, expect, it } from 'vitest';
import { keyedTtlCache, ttlCached } from './ttl-cache.js';

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

describe('keyedTtlCache', () => {
  it('reads each key once within its life, and again after forget, clear or its life', async () => {
    const clock = clockAt(1_000_000);
    const reads: string[] = [];
    const cache = keyedTtlCache(
      async (key) => {
        reads.push(key);
        return `${key}:${reads.length}`;
      },
      clock,
      5000,
    );
    expect(await cache.get('a')).toBe('a:1');
    expect(await cache.get('b')).toBe('b:2');
    expect(await cache.get('a')).toBe('a:1');
    cache.forget('a');
    expect(await cache.get('a')).toBe('a:3');
    expect(await cache.get('b')).toBe('b:2');
    cache.clear();
    expect(await cache.get('b')).toBe('b:4');
    clock.move(5001);
    expect(await cache.get('b')).toBe('b:5');
    expect(reads).toEqual(['a', 'b', 'a', 'b', 'b']);
  });

  it('keeps no failed read, and starts over past its size', async () => {
    const clock = clockAt(0);
    let fail = true;
    let reads = 0;
    const cache = keyedTtlCache(
      async (key) => {
        reads += 1;
        if (fail) throw new Error('down');
        return key;
      },
      clock,
      5000,
      2,
    );
    await expect(cache.get('a')).rejects.toThrow('down');
    fail = false;
    expect(await cache.get('a')).toBe('a');
    await cache.get('b');
    await cache.get('c');
    await cache.get('a');
    expect(reads).toBe(5);
  });
});
