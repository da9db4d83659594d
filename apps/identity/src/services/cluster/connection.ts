import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { lazyModule } from '../../lib/lazy-module.js';

/** Loaded only when REDIS_URL is set. */
const ioredis = lazyModule<typeof IORedis>('ioredis');

export interface ClusterLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

/** Longer than any command here takes on a healthy Redis; beyond it the caller falls back. */
const COMMAND_TIMEOUT_MS = 1000;

/** Reconnects wait 50 ms more per attempt, up to 2 s: a restarted Redis is found again quickly. */
export const reconnectDelayMs = (attempt: number): number => Math.min(attempt * 50, 2000);

/**
 * One connection to Redis. Commands fail at once while it is down instead of waiting in a queue: a
 * login must not hang on Redis, and each caller has a local fallback (see cluster/index.ts).
 */
export function connectRedis(url: string, log: ClusterLog, role: string, keyPrefix: string): Redis {
  const redis = new (ioredis().Redis)(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A Redis that accepts connections but does not answer must not hold requests either.
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: reconnectDelayMs,
    // CLIENT LIST names each instance's connections by deployment and use.
    connectionName: `${keyPrefix}${role}`.replace(/\s/g, '_'),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    // ioredis repeats the error at every reconnect attempt: one line per outage is enough.
    if (!down) log.warn({ err: error, role }, 'cluster: Redis connection lost, retrying');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info({ role }, 'cluster: Redis connection back');
    down = false;
  });
  return redis;
}

/** Connects, or carries on when Redis does not answer now: ioredis keeps retrying in the background. */
export async function firstConnect(redis: Redis, log: ClusterLog): Promise<void> {
  try {
    await redis.connect();
  } catch (error) {
    log.warn({ err: error }, 'cluster: Redis not reachable at start; local counters until it is');
  }
}
