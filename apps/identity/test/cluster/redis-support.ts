import { Redis } from 'ioredis';

/** The Redis the cluster tests use: REDIS_URL, else the one of the development machine and CI. */
export const redisUrlForTests = (): string => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers a PING there within a second (the cluster tests skip otherwise). */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Deletes what a test run wrote under its own key prefix. */
export async function forgetKeys(prefix: string, url = redisUrlForTests()): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(keys);
  } finally {
    redis.disconnect();
  }
}
