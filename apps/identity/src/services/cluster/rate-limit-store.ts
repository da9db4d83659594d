import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { HitCounter } from './counters.js';

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * @fastify/rate-limit's store over the cluster's hit counter (issue 16): with Redis the limits count
 * across instances, and while Redis is down each instance counts its own (counters.ts). The limits,
 * windows and error answer are the plugin's, unchanged. Each route counts apart, as the plugin's own
 * stores do.
 */
export function rateLimitStoreOf(counter: HitCounter): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly namespace = 'rate-limit:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      counter.hit(`${this.namespace}${key}`, timeWindow ?? 60_000).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      // The plugin passes the route it limits as `routeInfo` (its types do not say so).
      const { routeInfo } = routeOptions as ChildOptions & {
        routeInfo?: { method?: unknown; url?: unknown };
      };
      const route = `${String(routeInfo?.method ?? '')}${String(routeInfo?.url ?? '')}`;
      return new Store(routeOptions as FastifyRateLimitOptions, `${this.namespace}${route}:`);
    }
  }
  return Store;
}
