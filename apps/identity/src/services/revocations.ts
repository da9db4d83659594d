import type { Clock } from '../lib/time.js';

// Issue 10: access tokens live ACCESS_TOKEN_TTL_SECONDS and are checked without the database, so a
// session ended, a member disabled, removed or given other roles, or an API token deleted would keep
// their tokens working until expiry. The revocation list says which tokens no longer count: every
// authenticated call asks it (services/tokens.ts), so it is a few Map lookups.

/** How far in the future a token's issue time may lie (another server's clock) and still count. */
export const CLOCK_SKEW_SECONDS = 60;

/** What a revocation covers: the tokens of one subject issued up to the moment of revocation. */
export const revocationKeys = {
  /** One sign-in session (refresh family): its `sid`. */
  session: (sessionId: string) => `session:${sessionId}`,
  /** One API token's client-credentials tokens: its clientId. */
  apiToken: (clientId: string) => `api-token:${clientId}`,
  /** A user's tokens in one tenant (disabled, removed, roles changed). */
  member: (userId: string, tenantId: string | null) => `member:${userId}:${tenantId ?? ''}`,
  /** A user's tokens in every tenant (password reset, lock). */
  user: (userId: string) => `user:${userId}`,
};

/**
 * The list itself: in memory here; a later issue shares it between servers (Redis) behind the same
 * interface. Times are milliseconds since the epoch.
 */
export interface RevocationList {
  /** Tokens of `key` issued at or before `atMs` no longer count. */
  revoke(key: string, atMs: number): void;
  /** The latest revocation of `key` still in force at `nowMs`, if any. */
  revokedAt(key: string, nowMs: number): number | undefined;
  /** How many revocations are held: 0 lets the hot path skip the lookups. */
  readonly size: number;
}

/**
 * Entries are dropped once every token they cover has expired (the access-token TTL plus the clock
 * skew after the revocation), so memory stays bounded by the revocations of one TTL.
 */
export function createMemoryRevocationList(deps: {
  clock: Clock;
  accessTokenTtlSeconds: number;
}): RevocationList {
  const lifetimeMs = (deps.accessTokenTtlSeconds + CLOCK_SKEW_SECONDS) * 1000;
  // Insertion order is revocation order (a key revoked again moves to the end), so the expired
  // entries are always at the front and a sweep stops at the first live one.
  const entries = new Map<string, number>();
  const sweep = (nowMs: number) => {
    for (const [key, atMs] of entries) {
      if (atMs + lifetimeMs > nowMs) return;
      entries.delete(key);
    }
  };
  return {
    revoke(key, atMs) {
      sweep(deps.clock.now().getTime());
      const previous = entries.get(key);
      entries.delete(key);
      entries.set(key, Math.max(previous ?? atMs, atMs));
    },
    revokedAt(key, nowMs) {
      const atMs = entries.get(key);
      if (atMs === undefined || atMs + lifetimeMs <= nowMs) return undefined;
      return atMs;
    },
    get size() {
      return entries.size;
    },
  };
}
