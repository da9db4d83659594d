import type { Clock } from '../lib/time.js';

// Issue 10: access tokens live ACCESS_TOKEN_TTL_SECONDS and are checked without the database, so a
// session ended, a member disabled, removed or given other roles, or an API token deleted would keep
// their tokens working until expiry. The revocation list says which tokens no longer count: every
// authenticated call asks it (services/tokens.ts), so it is a few Map lookups.
//
// Where it is applied: logout, a deleted or policy-ended session, a reused refresh token, a member
// disabled, removed or given other roles (team.ts), a user locked by an administrator or by the
// lockout policy (auth/methods/password/lifecycle.ts), a password reset, an API token deleted or given
// other roles; and wherever a member's effective roles shrink without their own roles changing: a
// group's roles removed, a user taken out of a group, a group deleted (groups.ts), groups or roles on
// groups turned off (groups.ts), a role's permissions taken away, its key changed or the role deleted
// (roles.ts: every holder, directly, through a group, or an API token), and a member made
// temporary (team.ts; their later tokens expire with the membership: tokens.ts).

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
  /** Every user's and API token's tokens in one tenant: see revokeMembers. */
  tenant: (tenantId: string) => `tenant:${tenantId}`,
};

/**
 * Above this many members at once, one revocation of the whole tenant stands in for theirs: a role
 * held by most of a 100,000-member tenant would otherwise put 100,000 entries on the list (some 20 MB
 * for a TTL). Below it, only the members concerned refresh: a tenant-wide revocation would refuse the
 * next call of everyone in the tenant, the administrator making the change included, and the web
 * app's calls do not retry a 401 (they fail until the renewal timer refreshes the token).
 */
export const MAX_MEMBER_REVOCATIONS = 5_000;

/** The tokens of `userIds` in `tenantId` issued up to `atMs` no longer count (or the tenant's, above the cap). */
export function revokeMembers(
  list: RevocationList,
  tenantId: string,
  userIds: Iterable<string>,
  atMs: number,
  max = MAX_MEMBER_REVOCATIONS,
): void {
  const unique = new Set(userIds);
  if (unique.size > max) {
    list.revoke(revocationKeys.tenant(tenantId), atMs);
    return;
  }
  for (const userId of unique) list.revoke(revocationKeys.member(userId, tenantId), atMs);
}

/**
 * The list itself: in memory here; services/cluster/revocations.ts shares it between instances behind
 * the same interface. Times are milliseconds since the epoch.
 */
export interface RevocationList {
  /** Tokens of `key` issued at or before `atMs` no longer count. */
  revoke(key: string, atMs: number): void;
  /** The latest revocation of `key` still in force at `nowMs`, if any. */
  revokedAt(key: string, nowMs: number): number | undefined;
  /**
   * A token covered by `keys` was stamped `issuedAtMs`, ahead of `nowMs` (the second after a
   * revocation of one of them: services/tokens.ts): a later revocation of any of these keys within
   * that second still covers it.
   */
  issuedAhead(keys: string[], issuedAtMs: number, nowMs: number): void;
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
  // Tokens stamped ahead of the clock, per key: the latest stamp, kept until the clock passes it.
  // A token refreshed just after a role change is stamped the next second; a lock or another role
  // change later in the same second would otherwise not cover it (the revocation's time lies before
  // the stamp). Such a revocation is moved to the stamp, and tokens issued after it to the second after.
  const ahead = new Map<string, number>();
  const sweep = (nowMs: number) => {
    for (const [key, atMs] of entries) {
      if (atMs + lifetimeMs > nowMs) break;
      entries.delete(key);
    }
    for (const [key, stampMs] of ahead) {
      if (stampMs > nowMs) break;
      ahead.delete(key);
    }
  };
  return {
    revoke(key, atMs) {
      const nowMs = deps.clock.now().getTime();
      sweep(nowMs);
      const previous = entries.get(key);
      const stamped = ahead.get(key);
      entries.delete(key);
      entries.set(
        key,
        Math.max(previous ?? atMs, atMs, stamped !== undefined && stamped > nowMs ? stamped : atMs),
      );
    },
    issuedAhead(keys, issuedAtMs, nowMs) {
      if (issuedAtMs <= nowMs) return;
      for (const key of keys) {
        const stamped = ahead.get(key);
        ahead.delete(key); // re-inserted last: the latest stamps stay at the end for the sweep
        ahead.set(key, Math.max(stamped ?? issuedAtMs, issuedAtMs));
      }
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
