import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/time.js';
import { createRecipientPause, type RecipientPause } from '../recipient-pause.js';
import type { Fallback } from './counters.js';

const HOUR_MS = 60 * 60 * 1000;

// KEYS: the recipient's messages of the last hour (a sorted set by time), the pause of this kind.
// ARGV: now, pause in ms, hourly cap (0: none), a unique member. One step, so two instances
// sending to one recipient at once cannot both pass.
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ${HOUR_MS})
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local cap = tonumber(ARGV[3])
if cap > 0 and redis.call('ZCARD', KEYS[1]) >= cap then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], ${HOUR_MS})
if tonumber(ARGV[2]) > 0 then redis.call('SET', KEYS[2], '1', 'PX', ARGV[2]) end
return 1
`;

/**
 * The per-recipient pause and hourly cap (services/recipient-pause.ts) counted across instances:
 * a flood of resets spread over instances still sends one message per pause to an address.
 */
export function createSharedRecipientPause(deps: {
  redis: Redis;
  prefix: string;
  clock: Clock;
  fallback: Fallback;
  pauseSeconds: number;
  hourlyCap: number;
}): RecipientPause {
  const local = createRecipientPause(deps);
  return {
    take(recipient, kind) {
      const key = recipient.trim().toLowerCase();
      return deps.fallback.run(
        'recipient pause',
        async () => {
          const taken = await deps.redis.eval(
            TAKE_SCRIPT,
            2,
            `${deps.prefix}recipient:${key}`,
            `${deps.prefix}recipient:${key}:${kind}`,
            deps.clock.now().getTime(),
            deps.pauseSeconds * 1000,
            deps.hourlyCap,
            randomUUID(),
          );
          return taken === 1;
        },
        () => local.take(recipient, kind),
      );
    },
  };
}
