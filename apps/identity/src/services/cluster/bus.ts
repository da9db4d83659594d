import type { Redis } from 'ioredis';
import { afterCommit, insideTransaction } from '../../db/client.js';
import type { ClusterLog } from './connection.js';

/**
 * What one instance tells the others (issue 16): a change after which their local caches or
 * revocation list are out of date. Applying a message twice is harmless, so every instance applies
 * every message, its own included.
 */
export type InvalidationMessage =
  /** A user's roles, permissions or memberships changed: their cached authorization goes. */
  | { type: 'user-changed'; userId: string }
  /** Something deciding the roles of every member of a tenant changed (its groups configuration). */
  | { type: 'tenant-changed'; tenantId: string }
  /** A role or its permissions changed: every cached authorization goes. */
  | { type: 'roles-cleared' }
  /** A cached setting changed; `tenantId` when the cache is per tenant. */
  | { type: 'settings-changed'; name: string; tenantId?: string }
  /** Tokens of `key` (services/revocations.ts `revocationKeys`) issued up to `atMs` no longer count. */
  | { type: 'token-revoked'; key: string; atMs: number }
  /**
   * Not sent between instances: raised locally when the connection to Redis comes back, since
   * messages may have been missed meanwhile. Every cache drops everything.
   */
  | { type: 'resync' };

export type InvalidationHandler = (message: InvalidationMessage) => void;

export interface InvalidationBus {
  /** Applies `message` here at once, and sends it to the other instances. */
  publish(message: InvalidationMessage): void;
  subscribe(handler: InvalidationHandler): void;
  /** Resolves once the messages published so far have reached Redis (a response waits for it). */
  flush(): Promise<void>;
}

/**
 * Runs `apply` now and, when the change it announces is inside a transaction, once more after the
 * commit: a request reading between the two could have cached the rows as they were before the change,
 * and would keep them until their TTL. A rolled-back change is not announced again.
 */
function afterTheChange(apply: () => void, afterCommitOnly: () => void = () => {}): void {
  apply();
  if (!insideTransaction()) {
    afterCommitOnly();
    return;
  }
  void afterCommit(async () => {
    apply();
    afterCommitOnly();
  });
}

/** The handlers of one instance. */
function handlerList() {
  const handlers: InvalidationHandler[] = [];
  return {
    subscribe(handler: InvalidationHandler) {
      handlers.push(handler);
    },
    deliver(message: InvalidationMessage) {
      for (const handler of handlers) handler(message);
    },
  };
}

/** One instance alone: a message only needs applying here. */
export function createLocalBus(): InvalidationBus {
  const local = handlerList();
  return {
    publish: (message) => afterTheChange(() => local.deliver(message)),
    subscribe: local.subscribe,
    flush: () => Promise.resolve(),
  };
}

const isMessage = (value: unknown): value is InvalidationMessage =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/**
 * Several instances: messages go out on one channel; `subscriber` is a connection of its own (a
 * subscribed connection runs no other command).
 */
export function createRedisBus(deps: {
  publisher: Redis;
  subscriber: Redis;
  channel: string;
  log: ClusterLog;
}): InvalidationBus {
  const local = handlerList();
  const pending = new Set<Promise<unknown>>();
  deps.subscriber.on('message', (channel: string, text: string) => {
    if (channel !== deps.channel) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (isMessage(message) && message.type !== 'resync') local.deliver(message);
  });
  const subscribe = () => {
    deps.subscriber.subscribe(deps.channel).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'cluster: could not subscribe to invalidations');
    });
  };
  // The first connection is the start; each later one follows a lost connection, during which
  // messages may have been missed.
  let connected = deps.subscriber.status === 'ready';
  if (connected) subscribe();
  deps.subscriber.on('ready', () => {
    subscribe();
    if (connected) local.deliver({ type: 'resync' });
    connected = true;
  });
  return {
    publish(message) {
      // The other instances hear of a change once it has committed: told earlier, they could read the
      // old rows again at once and keep them.
      afterTheChange(
        () => local.deliver(message),
        () => {
          const sent = deps.publisher
            .publish(deps.channel, JSON.stringify(message))
            .catch((error: unknown) => {
              // The others drop every cache when their connection comes back (resync above); one whose
              // connection stayed up keeps this entry until its TTL.
              deps.log.warn({ err: error, type: message.type }, 'cluster: an invalidation was not sent');
            });
          pending.add(sent);
          void sent.finally(() => pending.delete(sent));
        },
      );
    },
    subscribe: local.subscribe,
    async flush() {
      if (pending.size > 0) await Promise.all(pending);
    },
  };
}
