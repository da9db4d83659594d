import type { AuthorizationCache } from '../authorization-cache.js';
import type { InvalidationBus } from './bus.js';

// Issue 16: each instance keeps its caches in memory (no round trip on the hot paths); a change on
// one instance drops the entry on every instance through the bus, and a reconnection to Redis
// (`resync`) drops everything, since messages may have been missed meanwhile.

/** A cache of one value (lib/ttl-cache.ts) whose `invalidate` holds on every instance. */
export function sharedTtlCache<T extends { invalidate(): void }>(
  bus: InvalidationBus | undefined,
  name: string,
  cache: T,
): T {
  if (!bus) return cache;
  bus.subscribe((message) => {
    if ((message.type === 'settings-changed' && message.name === name) || message.type === 'resync') {
      cache.invalidate();
    }
  });
  return { ...cache, invalidate: () => bus.publish({ type: 'settings-changed', name }) };
}

/**
 * A per-tenant cache's `forget(tenantId)` that holds on every instance; `drop(undefined)` must
 * drop every tenant's entry.
 */
export function sharedTenantCache(
  bus: InvalidationBus | undefined,
  name: string,
  drop: (tenantId: string | undefined) => void,
): (tenantId: string) => void {
  if (!bus) return drop;
  bus.subscribe((message) => {
    if (message.type === 'settings-changed' && message.name === name) drop(message.tenantId);
    if (message.type === 'resync') drop(undefined);
  });
  return (tenantId) => bus.publish({ type: 'settings-changed', name, tenantId });
}

/** The authorization cache (services/authorization-cache.ts) invalidated on every instance. */
export function sharedAuthorizationCache(
  bus: InvalidationBus,
  cache: AuthorizationCache,
): AuthorizationCache {
  bus.subscribe((message) => {
    if (message.type === 'user-changed') cache.invalidateUser(message.userId);
    if (message.type === 'tenant-changed') cache.invalidateTenant(message.tenantId);
    if (message.type === 'roles-cleared' || message.type === 'resync') cache.clear();
  });
  return {
    get: cache.get,
    put: cache.put,
    rolesVisibleTo: cache.rolesVisibleTo,
    invalidateUser: (userId) => bus.publish({ type: 'user-changed', userId }),
    invalidateTenant: (tenantId) => bus.publish({ type: 'tenant-changed', tenantId }),
    clear: () => bus.publish({ type: 'roles-cleared' }),
  };
}
