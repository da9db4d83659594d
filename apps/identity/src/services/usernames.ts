import { z } from 'zod';
import { atomicMethods, type Db } from '../db/client.js';
import { clearUsername, findUsernamesOfMembers, setUsernameIfNone } from '../db/queries/usernames.js';
import { findUserById } from '../db/queries/users.js';
import { isUniqueViolation } from '../db/rows.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';
import { recordAudit, type AuditEvent, type RequestMeta } from './audit.js';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;

/** A username as typed (case kept); uniqueness ignores case. */
export const usernameField = z
  .string({ error: errorCatalogue.usernames.invalid.message })
  .trim()
  .regex(USERNAME_PATTERN, errorCatalogue.usernames.invalid.message);

export const usernameAuditEvents = {
  created: { action: 'Username created', severity: 'Info' },
  deleted: { action: 'Username deleted', severity: 'Info' },
} satisfies Record<string, AuditEvent>;

export interface UsernameOwner {
  userId: string;
  email: string;
  tenantId: string | null;
}

export interface UsernamesService {
  /** GET /usernames/v1: the usernames of those of `userIds` who are the tenant's members and have one. */
  ofMembers(tenantId: string, userIds: string[]): Promise<{ userId: string; username: string }[]>;
  /** The signed-in user's username; no `username` when they have none. */
  me(userId: string): Promise<{ userId: string; username?: string }>;
  /** One username per user: a second one (or one taken by anybody, any case) is a 409. */
  create(
    owner: UsernameOwner,
    username: string,
    meta: RequestMeta,
  ): Promise<{ userId: string; username: string }>;
  /** Only the user's own username can be deleted. */
  remove(owner: UsernameOwner, username: string, meta: RequestMeta): Promise<void>;
  /** Sign-up: claims the username inside the account's transaction (409 when taken). */
  assign(db: Db, userId: string, username: string, now: Date): Promise<void>;
}

export function createUsernamesService(deps: { db: Db; clock: Clock }): UsernamesService {
  const { db, clock } = deps;

  const assign: UsernamesService['assign'] = async (tx, userId, username, now) => {
    let assigned: boolean;
    try {
      assigned = await setUsernameIfNone(tx, userId, username, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw appError(errorCatalogue.usernames.taken);
      throw error;
    }
    if (!assigned) throw appError(errorCatalogue.usernames.alreadySet);
  };

  const audit = (event: AuditEvent, owner: UsernameOwner, username: string, meta: RequestMeta) =>
    recordAudit(db, event, meta, { ...owner, json: { username } }, clock.now());

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['create', 'remove'], {
    assign,

    ofMembers: (tenantId, userIds) => findUsernamesOfMembers(db, tenantId, userIds),

    async me(userId) {
      const user = await findUserById(db, userId);
      if (!user) throw appError(errorCatalogue.users.notFound);
      return user.username ? { userId, username: user.username } : { userId };
    },

    async create(owner, username, meta) {
      const user = await findUserById(db, owner.userId);
      if (!user) throw appError(errorCatalogue.users.notFound);
      // The SDK saves an unchanged username again: answer as if it had been created.
      if (user.username?.toLowerCase() === username.toLowerCase())
        return { userId: user.id, username: user.username };
      await assign(db, user.id, username, clock.now());
      await audit(usernameAuditEvents.created, owner, username, meta);
      return { userId: user.id, username };
    },

    async remove(owner, username, meta) {
      if (!(await clearUsername(db, owner.userId, username, clock.now()))) {
        throw appError(errorCatalogue.usernames.notFound);
      }
      await audit(usernameAuditEvents.deleted, owner, username, meta);
    },
  });
}
