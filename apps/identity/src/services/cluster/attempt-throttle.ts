import type { Redis } from 'ioredis';
import {
  createAttemptThrottle,
  pauseAfter,
  THROTTLE_WINDOW_MS,
  type AttemptThrottle,
} from '../../auth/methods/password/throttle.js';
import type { Clock } from '../../lib/time.js';
import type { Fallback } from './counters.js';

// Failures older than the window start again from one; the key lives as long as the window.
const FAILED_SCRIPT = `
local last = tonumber(redis.call('HGET', KEYS[1], 'lastAt'))
local now = tonumber(ARGV[1])
if last and (now - last > tonumber(ARGV[2]) or now < last) then redis.call('DEL', KEYS[1]) end
redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'lastAt', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/**
 * The password throttle (auth/methods/password/throttle.ts) counted across instances: wrong passwords
 * sent to different instances add up. Times come from the app's clock, as in the local throttle.
 */
export function createSharedAttemptThrottle(deps: {
  redis: Redis;
  prefix: string;
  clock: Clock;
  fallback: Fallback;
}): AttemptThrottle {
  const local = createAttemptThrottle({ clock: deps.clock });
  const keyOf = (key: string) => `${deps.prefix}throttle:${key}`;
  return {
    waitSeconds(key) {
      return deps.fallback.run(
        'password throttle',
        async () => {
          const [count, lastAt] = await deps.redis.hmget(keyOf(key), 'count', 'lastAt');
          if (count === null || lastAt === null) return 0;
          const now = deps.clock.now().getTime();
          if (now - Number(lastAt) > THROTTLE_WINDOW_MS) return 0;
          const until = Number(lastAt) + pauseAfter(Number(count)) * 1000;
          return until > now ? Math.ceil((until - now) / 1000) : 0;
        },
        () => local.waitSeconds(key),
      );
    },
    failed(key) {
      return deps.fallback.run(
        'password throttle',
        async () => {
          await deps.redis.eval(FAILED_SCRIPT, 1, keyOf(key), deps.clock.now().getTime(), THROTTLE_WINDOW_MS);
        },
        () => local.failed(key),
      );
    },
    succeeded(key) {
      return deps.fallback.run(
        'password throttle',
        async () => {
          await deps.redis.del(keyOf(key));
        },
        () => local.succeeded(key),
      );
    },
  };
}
