import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/time.js';
import { CLOCK_SKEW_SECONDS, createMemoryRevocationList, type RevocationList } from '../revocations.js';
import type { InvalidationBus } from './bus.js';
import type { ClusterLog } from './connection.js';

// Keeps the later of two revocation times, for as long as a token they cover may live.
const REVOKE_SCRIPT = `
local previous = tonumber(redis.call('GET', KEYS[1]))
if previous == nil or previous < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return 1
`;

const SCAN_BATCH = 1000;

/**
 * The revocation list shared by the instances (issue 16). Each instance keeps its memory list, read
 * by every authenticated call with no round trip; a revocation is applied here, published on the
 * bus (the others apply it at once) and stored in Redis for as long as the tokens it covers live,
 * so an instance that starts later, or whose connection was lost, loads it (`load`).
 */
export function createSharedRevocationList(deps: {
  clock: Clock;
  accessTokenTtlSeconds: number;
  bus: InvalidationBus;
  redis: Redis | undefined;
  prefix: string;
  log: ClusterLog;
}): RevocationList & { load(): Promise<void> } {
  const local = createMemoryRevocationList(deps);
  const lifetimeMs = (deps.accessTokenTtlSeconds + CLOCK_SKEW_SECONDS) * 1000;
  const keyPrefix = `${deps.prefix}revoked:`;
  const { redis } = deps;

  const readStored = async () => {
    if (!redis) return;
    const now = deps.clock.now().getTime();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', SCAN_BATCH);
      cursor = next;
      if (keys.length === 0) continue;
      const values = await redis.mget(keys);
      keys.forEach((key, index) => {
        const atMs = Number(values[index]);
        if (Number.isFinite(atMs) && atMs + lifetimeMs > now) local.revoke(key.slice(keyPrefix.length), atMs);
      });
    } while (cursor !== '0');
  };
  // Without Redis now, the instance still starts: the revocations come back with the connection (resync).
  const load = () =>
    readStored().catch((error: unknown) => deps.log.warn({ err: error }, 'cluster: revocations not loaded'));

  deps.bus.subscribe((message) => {
    if (message.type === 'token-revoked') local.revoke(message.key, message.atMs);
    // Revocations published while this instance was cut off are in Redis.
    if (message.type === 'resync') void load();
  });

  return {
    revoke(key, atMs) {
      local.revoke(key, atMs);
      // What this instance decided, stamps ahead of the clock included (services/revocations.ts).
      const decided = local.revokedAt(key, deps.clock.now().getTime()) ?? atMs;
      deps.bus.publish({ type: 'token-revoked', key, atMs: decided });
      redis?.eval(REVOKE_SCRIPT, 1, `${keyPrefix}${key}`, decided, lifetimeMs).catch((error: unknown) => {
        // The publish above still reached the running instances.
        deps.log.warn({ err: error }, 'cluster: a revocation was not stored');
      });
    },
    revokedAt: local.revokedAt,
    issuedAhead: local.issuedAhead,
    get size() {
      return local.size;
    },
    load,
  };
}
