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
