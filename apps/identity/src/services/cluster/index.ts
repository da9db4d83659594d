import type { Redis } from 'ioredis';
import type { AttemptThrottle } from '../../auth/methods/password/throttle.js';
import { createAttemptThrottle } from '../../auth/methods/password/throttle.js';
import type { Clock } from '../../lib/time.js';
import { createRecipientPause, type RecipientPause } from '../recipient-pause.js';
import { createSharedAttemptThrottle } from './attempt-throttle.js';
import { createLocalBus, createRedisBus, type InvalidationBus } from './bus.js';
import { connectRedis, firstConnect, type ClusterLog } from './connection.js';
import { createFallback, createLocalHitCounter, createRedisHitCounter, type HitCounter } from './counters.js';
import { createSharedRecipientPause } from './recipient-pause.js';

export type { InvalidationBus, InvalidationMessage } from './bus.js';
export type { ClusterLog } from './connection.js';
export { sharedAuthorizationCache, sharedTenantCache, sharedTtlCache } from './caches.js';
export { createSharedRevocationList } from './revocations.js';
export { rateLimitStoreOf } from './rate-limit-store.js';

/**
 * Issue 16: what the instances of one deployment share, in one place. With no Redis it is this
 * process alone (a single instance works as before); with Redis, the security counters are counted
 * there and the invalidations of every instance's caches go through it (docs/decisions/0021).
 */
export interface Cluster {
  /** The command connection, when Redis is configured (stores that keep state there use it). */
  redis: Redis | undefined;
  /** Every key this deployment writes starts with it (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** Where Redis trouble is reported. */
  log: ClusterLog;
  bus: InvalidationBus;
  /** The rate limits' counter. */
  hits: HitCounter;
  attemptThrottle(deps: { clock: Clock }): AttemptThrottle;
  recipientPause(deps: { clock: Clock; pauseSeconds: number; hourlyCap: number }): RecipientPause;
  close(): Promise<void>;
}

/** One instance alone: everything in this process. */
export function createLocalCluster(keyPrefix = ''): Cluster {
  return {
    redis: undefined,
    keyPrefix,
    // Nothing here talks to Redis, so nothing is reported.
    log: { warn: () => undefined, info: () => undefined },
    bus: createLocalBus(),
    hits: createLocalHitCounter(),
    attemptThrottle: createAttemptThrottle,
    recipientPause: createRecipientPause,
    close: () => Promise.resolve(),
  };
}

export async function createCluster(settings: {
  redisUrl: string | undefined;
  keyPrefix: string;
  log: ClusterLog;
}): Promise<Cluster> {
  const { redisUrl, keyPrefix, log } = settings;
  if (!redisUrl) return createLocalCluster(keyPrefix);
  const redis = connectRedis(redisUrl, log, 'commands', keyPrefix);
  const subscriber = connectRedis(redisUrl, log, 'invalidations', keyPrefix);
  await Promise.all([firstConnect(redis, log), firstConnect(subscriber, log)]);
  const fallback = createFallback(log);
  const shared = { redis, prefix: keyPrefix, fallback };
  return {
    redis,
    keyPrefix,
    log,
    bus: createRedisBus({ publisher: redis, subscriber, channel: `${keyPrefix}invalidations`, log }),
    hits: createRedisHitCounter(shared),
    attemptThrottle: (deps) => createSharedAttemptThrottle({ ...shared, ...deps }),
    recipientPause: (deps) => createSharedRecipientPause({ ...shared, ...deps }),
    async close() {
      // quit lets commands already sent finish; disconnect stops a connection still retrying.
      await Promise.all(
        [redis, subscriber].map((connection) => connection.quit().catch(() => connection.disconnect())),
      );
    },
  };
}
