import type { Redis } from 'ioredis';
import type { ClusterLog } from './connection.js';

/**
 * A counter shared by the instances falls back to this process's own while Redis does not answer
 * (issue 16, docs/decisions/0021): limits keep holding per instance instead of refusing everyone or
 * letting everything through. One warning per outage, not one per request.
 */
export interface Fallback {
  /** Runs `shared`; on a Redis error logs (once per outage) and runs `local` instead. */
  run<T>(what: string, shared: () => Promise<T>, local: () => Promise<T>): Promise<T>;
}

export function createFallback(log: ClusterLog): Fallback {
  let failing = false;
  return {
    async run(what, shared, local) {
      try {
        const result = await shared();
        failing = false;
        return result;
      } catch (error) {
        if (!failing) log.warn({ err: error, what }, 'cluster: Redis unavailable, counting locally');
        failing = true;
        return local();
      }
    },
  };
}

// One atomic step: the window starts at the first hit and the key expires with it.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Hits per key in fixed windows starting at each key's first hit (the rate limits). */
export interface HitCounter {
  hit(key: string, windowMs: number): Promise<WindowCount>;
}

const MAX_LOCAL_KEYS = 100_000;

export function createLocalHitCounter(now: () => number = Date.now): HitCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      const at = now();
      let entry = windows.get(key);
      if (!entry || entry.endsAt <= at) {
        entry = { count: 0, endsAt: at + windowMs };
        windows.delete(key);
        windows.set(key, entry);
        if (windows.size > MAX_LOCAL_KEYS) windows.delete(windows.keys().next().value ?? key);
      }
      entry.count += 1;
      return { count: entry.count, ttlMs: entry.endsAt - at };
    },
  };
}

export function createRedisHitCounter(deps: {
  redis: Redis;
  prefix: string;
  fallback: Fallback;
}): HitCounter {
  const local = createLocalHitCounter();
  return {
    hit(key, windowMs) {
      return deps.fallback.run(
        'rate limit',
        async () => {
          const [count, ttlMs] = (await deps.redis.eval(HIT_SCRIPT, 1, `${deps.prefix}${key}`, windowMs)) as [
            number,
            number,
          ];
          return { count, ttlMs };
        },
        () => local.hit(key, windowMs),
      );
    },
  };
}
