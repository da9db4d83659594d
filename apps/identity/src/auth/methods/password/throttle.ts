import type { Clock } from '../../../lib/time.js';

/** Wrong passwords an account takes at full speed before the pause starts. */
export const FREE_FAILURES = 5;
/** The first pause, doubled by each further failure up to the cap. */
export const FIRST_PAUSE_SECONDS = 1;
export const MAX_PAUSE_SECONDS = 60;
/** Failures older than this are forgotten. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const MAX_KEYS = 100_000;

/**
 * The per-account brute-force throttle (issue 10), which holds with no lockout policy: after a few
 * wrong passwords the next attempt must wait a pause that doubles up to a minute. Bounded (the owner
 * waits at most a minute) and reset by a success. Keys are what was typed, so an unknown email is
 * throttled exactly as a known one. In memory here; with Redis, services/cluster/attempt-throttle.ts
 * shares it between instances.
 */
export interface AttemptThrottle {
  /** Seconds before `key` may try again; 0 when it may now. */
  waitSeconds(key: string): Promise<number>;
  failed(key: string): Promise<void>;
  succeeded(key: string): Promise<void>;
}

interface Failures {
  count: number;
  lastAt: number;
}

/** The throttle key of a sign-in by email: what was typed, trimmed and lower-cased. */
export const emailThrottleKey = (email: string): string => `email:${email.trim().toLowerCase()}`;

export const pauseAfter = (failures: number): number =>
  failures < FREE_FAILURES
    ? 0
    : Math.min(FIRST_PAUSE_SECONDS * 2 ** (failures - FREE_FAILURES), MAX_PAUSE_SECONDS);

export function createAttemptThrottle(deps: { clock: Clock }): AttemptThrottle {
  const failures = new Map<string, Failures>();
  const current = (key: string, now: number): Failures | undefined => {
    const entry = failures.get(key);
    if (entry && now - entry.lastAt > THROTTLE_WINDOW_MS) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async waitSeconds(key) {
      const now = deps.clock.now().getTime();
      const entry = current(key, now);
      if (!entry) return 0;
      const until = entry.lastAt + pauseAfter(entry.count) * 1000;
      return until > now ? Math.ceil((until - now) / 1000) : 0;
    },
    async failed(key) {
      const now = deps.clock.now().getTime();
      const count = (current(key, now)?.count ?? 0) + 1;
      failures.delete(key); // re-inserted last: the oldest key is the first to forget
      failures.set(key, { count, lastAt: now });
      if (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value ?? key);
    },
    async succeeded(key) {
      failures.delete(key);
    },
  };
}
