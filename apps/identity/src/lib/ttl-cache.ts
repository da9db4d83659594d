import type { Clock } from './time.js';

/**
 * A value read on hot paths (every login, every admin call) and changed rarely: kept for `ttlMs`, so
 * other servers sharing the database see a change within that time, and dropped at once by
 * `invalidate` after this process's own change. A failed read is not kept: the next call reads again.
 * A clock moved backwards (tests) reads again too.
 */
export function ttlCached<T>(load: () => Promise<T>, clock: Clock, ttlMs: number) {
  let cached: { value: Promise<T>; loadedAt: number } | undefined;
  return {
    get(): Promise<T> {
      const now = clock.now().getTime();
      if (!cached || now - cached.loadedAt > ttlMs || now < cached.loadedAt) {
        const loading = { value: load(), loadedAt: now };
        cached = loading;
        loading.value.catch(() => {
          if (cached === loading) cached = undefined;
        });
      }
      return cached.value;
    },
    invalidate(): void {
      cached = undefined;
    },
  };
}

/**
 * `ttlCached` per key (a tenant's policies, read on every sign-in): each key's value is kept for
 * `ttlMs`, `forget(key)` drops one and `clear()` all. At most `maxKeys` are kept: past that the cache
 * starts over rather than grow with the number of tenants.
 */
export function keyedTtlCache<T>(
  load: (key: string) => Promise<T>,
  clock: Clock,
  ttlMs: number,
  maxKeys = 10_000,
) {
  const entries = new Map<string, { value: Promise<T>; loadedAt: number }>();
  return {
    get(key: string): Promise<T> {
      const now = clock.now().getTime();
      const cached = entries.get(key);
      if (cached && now - cached.loadedAt <= ttlMs && now >= cached.loadedAt) return cached.value;
      if (entries.size >= maxKeys) entries.clear();
      const loading = { value: load(key), loadedAt: now };
      entries.set(key, loading);
      loading.value.catch(() => {
        if (entries.get(key) === loading) entries.delete(key);
      });
      return loading.value;
    },
    forget(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
  };
}
