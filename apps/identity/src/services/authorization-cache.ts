import type { Db } from '../db/client.js';
import { findRolesVisibleToTenant, type RoleWithPermissions } from '../db/queries/roles.js';
import { findUserAuthorization, type UserAuthorization } from '../db/queries/users.js';
import type { Clock } from '../lib/time.js';

/** How long a user's roles and permissions are reused for refreshes. Far below the access-token TTL. */
export const AUTHORIZATION_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 50_000;

export interface AuthorizationCache {
  get(userId: string, tenantId: string | null): Promise<UserAuthorization | undefined>;
  /** Remembers what a fresh read (login) found. */
  put(userId: string, tenantId: string | null, authorization: UserAuthorization): void;
  /**
   * The roles a tenant may hand out (its own and the vendor's) with their permissions: every page of
   * the users list names its members' roles, and they change far less often than pages are turned.
   */
  rolesVisibleTo(tenantId: string): Promise<RoleWithPermissions[]>;
  /** Call when a user's roles, permissions or memberships change. */
  invalidateUser(userId: string): void;
  /** Call when something decides the roles of every member of one tenant (its groups configuration). */
  invalidateTenant(tenantId: string): void;
  /** Call when any role or its permissions change. */
  clear(): void;
}

/**
 * Token refresh is the hottest path (every tab, every few minutes): it reuses a user's
 * authorization for a few seconds instead of recomputing it from five tables each time. An access
 * token already lives ACCESS_TOKEN_TTL_SECONDS, so this adds little to how long a change takes.
 */
export function createAuthorizationCache(deps: { db: Db; clock: Clock; ttlMs?: number }): AuthorizationCache {
  const ttlMs = deps.ttlMs ?? AUTHORIZATION_CACHE_TTL_MS;
  const entries = new Map<string, { value: UserAuthorization; loadedAt: number }>();
  const keyOf = (userId: string, tenantId: string | null) => `${userId}:${tenantId ?? ''}`;
  const put = (userId: string, tenantId: string | null, value: UserAuthorization) => {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '');
    entries.set(keyOf(userId, tenantId), { value, loadedAt: deps.clock.now().getTime() });
  };
  const tenantRoles = new Map<string, { value: Promise<RoleWithPermissions[]>; loadedAt: number }>();
  return {
    rolesVisibleTo(tenantId) {
      const now = deps.clock.now().getTime();
      const entry = tenantRoles.get(tenantId);
      if (entry && now - entry.loadedAt <= ttlMs && now >= entry.loadedAt) return entry.value;
      // The promise itself is kept, so concurrent pages share one read; a failed read is not kept.
      const value = findRolesVisibleToTenant(deps.db, tenantId);
      if (tenantRoles.size >= MAX_ENTRIES) tenantRoles.delete(tenantRoles.keys().next().value ?? '');
      tenantRoles.set(tenantId, { value, loadedAt: now });
      value.catch(() => {
        if (tenantRoles.get(tenantId)?.value === value) tenantRoles.delete(tenantId);
      });
      return value;
    },
    async get(userId, tenantId) {
      const now = deps.clock.now().getTime();
      const entry = entries.get(keyOf(userId, tenantId));
      if (entry && now - entry.loadedAt <= ttlMs && now >= entry.loadedAt) return entry.value;
      const value = await findUserAuthorization(deps.db, userId, tenantId, new Date(now));
      if (value) put(userId, tenantId, value);
      return value;
    },
    put,
    invalidateUser(userId) {
      for (const key of entries.keys()) if (key.startsWith(`${userId}:`)) entries.delete(key);
    },
    invalidateTenant(tenantId) {
      for (const key of entries.keys()) if (key.endsWith(`:${tenantId}`)) entries.delete(key);
    },
    clear: () => {
      entries.clear();
      tenantRoles.clear();
    },
  };
}
