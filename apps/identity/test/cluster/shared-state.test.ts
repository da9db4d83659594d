// Issue 16: the cluster's pieces against a real Redis, two clusters standing for two instances (one
// key prefix each test file run): the invalidation bus, the shared counters (rate limits, password
// throttle, recipient pause), the shared revocation list, and the local fallback when Redis is gone.
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteDatabase } from '../../src/db/client.js';
import { FREE_FAILURES } from '../../src/auth/methods/password/throttle.js';
import {
  createCluster,
  createLocalCluster,
  createSharedRevocationList,
  type Cluster,
  type ClusterLog,
  type InvalidationMessage,
} from '../../src/services/cluster/index.js';
import { TestClock } from '../harness.js';
import { forgetKeys, redisAnswers, redisUrlForTests } from './redis-support.js';

const redisUrl = redisUrlForTests();
const skipReason = (await redisAnswers(redisUrl)) ? undefined : `Redis does not answer at ${redisUrl}`;

const warnings: string[] = [];
const log: ClusterLog = {
  warn: (_details, message) => warnings.push(message),
  info: () => undefined,
};

const keyPrefix = `test-${randomUUID()}:`;
const opened: Cluster[] = [];
/** Two instances of one deployment: same Redis, same prefix. */
async function instance(): Promise<Cluster> {
  const cluster = await createCluster({ redisUrl, keyPrefix, log });
  opened.push(cluster);
  return cluster;
}

/** Resolves with the first message `cluster` receives that `matches`. */
const received = (cluster: Cluster, matches: (message: InvalidationMessage) => boolean) =>
  new Promise<InvalidationMessage>((resolve) => {
    cluster.bus.subscribe((message) => {
      if (matches(message)) resolve(message);
    });
  });

afterAll(async () => {
  await Promise.all(opened.map((cluster) => cluster.close()));
  if (!skipReason) await forgetKeys(keyPrefix);
});

describe('issue 16: the in-process cluster (no REDIS_URL)', () => {
  it('drops a change made in a transaction again once it has committed (a request may have cached the old rows meanwhile)', async () => {
    const cluster = createLocalCluster();
    const seen: InvalidationMessage[] = [];
    cluster.bus.subscribe((message) => seen.push(message));
    const changed = { type: 'roles-cleared' } as const;
    const database = pgliteDatabase(new PGlite());
    try {
      await database.db.transaction(async () => {
        cluster.bus.publish(changed);
        expect(seen).toEqual([changed]);
      });
      expect(seen).toEqual([changed, changed]);
    } finally {
      await database.close();
    }
  });

  it('applies a message here at once and has no Redis', () => {
    const cluster = createLocalCluster();
    const seen: InvalidationMessage[] = [];
    cluster.bus.subscribe((message) => seen.push(message));
    cluster.bus.publish({ type: 'user-changed', userId: 'u1' });
    expect(cluster.redis).toBeUndefined();
    expect(seen).toEqual([{ type: 'user-changed', userId: 'u1' }]);
  });
});

describe.skipIf(skipReason !== undefined)(
  `issue 16: shared state in Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('delivers a message to the other instance, and applies it on the sender at once', async () => {
      const [a, b] = [await instance(), await instance()];
      const onA: InvalidationMessage[] = [];
      a.bus.subscribe((message) => onA.push(message));
      const onB = received(b, (message) => message.type === 'settings-changed');
      a.bus.publish({ type: 'settings-changed', name: 'vendor-settings' });
      expect(onA).toEqual([{ type: 'settings-changed', name: 'vendor-settings' }]);
      expect(await onB).toEqual({ type: 'settings-changed', name: 'vendor-settings' });
    });

    it('tells the other instance of a change made in a transaction once it has committed, and of a rolled-back one never', async () => {
      const [a, b] = [await instance(), await instance()];
      const onB: InvalidationMessage[] = [];
      b.bus.subscribe((message) => onB.push(message));
      const channel = `${keyPrefix}invalidations`;
      /** A message sent on the bus's own connection: what a sent before it, b has received by then. */
      const marker = async () => {
        const name = `marker-${randomUUID()}`;
        const arrived = received(
          b,
          (message) => message.type === 'settings-changed' && message.name === name,
        );
        await a.redis?.publish(channel, JSON.stringify({ type: 'settings-changed', name }));
        await arrived;
      };
      const database = pgliteDatabase(new PGlite());
      try {
        const changed = { type: 'user-changed', userId: `committed-${randomUUID()}` } as const;
        await database.db.transaction(async () => {
          a.bus.publish(changed);
          await marker();
          expect(onB).not.toContainEqual(changed);
        });
        await marker();
        expect(onB).toContainEqual(changed);

        const undone = { type: 'user-changed', userId: `rolled-back-${randomUUID()}` } as const;
        await expect(
          database.db.transaction(async () => {
            a.bus.publish(undone);
            throw new Error('rolled back (test)');
          }),
        ).rejects.toThrow('rolled back (test)');
        await marker();
        expect(onB).not.toContainEqual(undone);
      } finally {
        await database.close();
      }
    });

    it('drops every cache when its subscription comes back after a cut (messages may have been missed)', async () => {
      // A deployment of its own, so its subscription is the only one carrying this name.
      const ownPrefix = `test-${randomUUID()}:`;
      const cluster = await createCluster({ redisUrl, keyPrefix: ownPrefix, log });
      opened.push(cluster);
      const resynced = received(cluster, (message) => message.type === 'resync');
      const clients = String(await cluster.redis?.client('LIST'));
      const id = /id=(\d+) .*name=(\S+)/
        .exec(clients.split('\n').find((line) => line.includes(`name=${ownPrefix}invalidations`)) ?? '')
        ?.at(1);
      expect(id).toBeDefined();
      await cluster.redis?.client('KILL', 'ID', id ?? '');
      expect(await resynced).toEqual({ type: 'resync' });
    });

    it('counts rate-limit hits of both instances in one window', async () => {
      const [a, b] = [await instance(), await instance()];
      const key = `ip-${randomUUID()}`;
      expect((await a.hits.hit(key, 60_000)).count).toBe(1);
      expect((await b.hits.hit(key, 60_000)).count).toBe(2);
      const third = await a.hits.hit(key, 60_000);
      expect(third.count).toBe(3);
      expect(third.ttlMs).toBeGreaterThan(0);
      expect(third.ttlMs).toBeLessThanOrEqual(60_000);
    });

    it("adds up wrong passwords sent to either instance, and a success on one clears the other's", async () => {
      const clock = new TestClock();
      const [a, b] = [
        (await instance()).attemptThrottle({ clock }),
        (await instance()).attemptThrottle({ clock }),
      ];
      const key = `email:${randomUUID()}@cluster.test`;
      for (let failure = 0; failure < FREE_FAILURES; failure++) await (failure % 2 ? a : b).failed(key);
      expect(await a.waitSeconds(key)).toBeGreaterThan(0);
      expect(await b.waitSeconds(key)).toBeGreaterThan(0);
      await b.succeeded(key);
      expect(await a.waitSeconds(key)).toBe(0);
    });

    it('pauses a recipient on every instance and caps their hour across instances', async () => {
      const clock = new TestClock();
      const settings = { clock, pauseSeconds: 30, hourlyCap: 2 };
      const [a, b] = [
        (await instance()).recipientPause(settings),
        (await instance()).recipientPause(settings),
      ];
      const recipient = `${randomUUID()}@cluster.test`;
      expect(await a.take(recipient, 'password-reset')).toBe(true);
      expect(await b.take(recipient, 'password-reset')).toBe(false);
      expect(await b.take(recipient, 'sign-in')).toBe(true);
      // Two messages this hour: the cap holds for a third kind too, on either instance.
      expect(await a.take(recipient, 'unlock')).toBe(false);
      clock.advanceSeconds(61 * 60);
      expect(await a.take(recipient, 'unlock')).toBe(true);
    });

    it('revokes on the other instance at once, and an instance started later loads the revocation', async () => {
      const clock = new TestClock();
      const settings = { clock, accessTokenTtlSeconds: 300, prefix: keyPrefix, log };
      const [a, b] = [await instance(), await instance()];
      const onA = createSharedRevocationList({ ...settings, bus: a.bus, redis: a.redis });
      const onB = createSharedRevocationList({ ...settings, bus: b.bus, redis: b.redis });
      const key = `session:${randomUUID()}`;
      const atMs = clock.now().getTime();
      const delivered = received(b, (message) => message.type === 'token-revoked' && message.key === key);
      onA.revoke(key, atMs);
      expect(onA.revokedAt(key, atMs)).toBe(atMs);
      await delivered;
      expect(onB.revokedAt(key, atMs)).toBe(atMs);
      await a.bus.flush();
      // Stored with the tokens' lifetime: the next instance knows it from the start.
      const later = await instance();
      const onLater = createSharedRevocationList({ ...settings, bus: later.bus, redis: later.redis });
      // The store is written beside the publish, not before the answer: read until it is there.
      await expect
        .poll(async () => {
          await onLater.load();
          return onLater.revokedAt(key, atMs);
        })
        .toBe(atMs);
    });
  },
);

describe('issue 16: Redis unreachable', () => {
  it('counts locally and warns once instead of refusing or admitting everyone', async () => {
    const cluster = await createCluster({ redisUrl: 'redis://127.0.0.1:1', keyPrefix, log });
    opened.push(cluster);
    const before = warnings.length;
    const key = `ip-${randomUUID()}`;
    expect((await cluster.hits.hit(key, 60_000)).count).toBe(1);
    expect((await cluster.hits.hit(key, 60_000)).count).toBe(2);
    expect(warnings.slice(before).filter((message) => message.includes('counting locally'))).toHaveLength(1);
  });
});
