import { randomInt } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  findAssignableRoleIds,
  insertInvitation,
  isMemberOf,
  markInvitationAccepted,
  takeInvitationAttempt,
} from '../../db/queries/invitations.js';
import { assignNewMemberRoles } from '../../db/queries/roles.js';
import { insertMembership } from '../../db/queries/tenants.js';
import { findUserByEmail, insertUser, type UserRow } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken, hashToken } from '../../lib/secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import type { ActivationService } from '../activation.js';
import { auditEvents, recordAudit, type RequestMeta } from '../audit.js';
import type { Mailer } from '../mail.js';
import type { AccessTokenClaims } from '../tokens.js';
import { assertEmailDomainAllowed } from '../security-admin.js';
import { invitationMail } from './mails.js';

/** SPEC section 9: invite links expire after 43200 minutes (30 days) by default. */
export const INVITATION_TTL_MINUTES = 43_200;
export const INVITATION_MAX_ATTEMPTS = 5;
const INVITERS = ['fe.*', 'fe.secure.*', 'fe.secure.write.users'];

export interface InvitedUser {
  id: string;
  email: string;
  name: string;
  tenantId: string;
  verified: boolean;
  createdAt: string;
}

export interface InvitationService {
  /** POST /users/v1: a tenant administrator invites someone into the tenant. */
  invite(
    inviter: AccessTokenClaims,
    input: {
      email: string;
      name?: string | undefined;
      roleIds?: string[] | undefined;
      /** The SDK's and the API's flag: the administrator shares the link themselves, no mail is sent. */
      skipInviteEmail?: boolean | undefined;
    },
    meta: RequestMeta,
  ): Promise<InvitedUser>;
  /** The mailed link (and, for the code variant, the mailed code) adds the user to the tenant. */
  accept(
    input: { userId: string; token: string; code?: string | undefined },
    meta: RequestMeta,
  ): Promise<void>;
}

export function createInvitationService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  activation: ActivationService;
}): InvitationService {
  const { db, config, clock } = deps;
  const view = (user: UserRow, tenantId: string): InvitedUser => ({
    id: user.id,
    email: user.email,
    name: user.name,
    tenantId,
    verified: user.verified,
    createdAt: user.createdAt.toISOString(),
  });

  return {
    async invite(inviter, { email, name, roleIds = [], skipInviteEmail = false }, meta) {
      const tenantId = inviter.tenantId;
      const allowed = inviter.superUser || inviter.permissions.some((key) => INVITERS.includes(key));
      if (!tenantId || !allowed) throw appError(errorCatalogue.lifecycle.forbidden);
      // Security section (issue 4): the tenant's email-domain restrictions refuse the invitation.
      await assertEmailDomainAllowed(db, tenantId, email);
      const now = clock.now();
      const assignable = await findAssignableRoleIds(db, tenantId, roleIds);
      const existing = await findUserByEmail(db, email);
      if (existing && (await isMemberOf(db, existing.id, tenantId))) {
        throw appError(errorCatalogue.lifecycle.alreadyMember);
      }
      const details = { userId: existing?.id, email, tenantId, json: { invitedBy: inviter.sub } };
      // Issue 10: user, membership, roles, invitation, audit row and mail (the outbox is a table) are one
      // transaction: a failure, or a crash, leaves no account without its membership. The mail goes last.
      if (!existing) {
        return db.transaction(async () => {
          // A new person: the account is created in the tenant and activated by the mailed link.
          const user = await insertUser(db, {
            email,
            name: name ?? '',
            verified: false,
            activeTenantId: tenantId,
          });
          await insertMembership(db, user.id, tenantId);
          // No roles chosen: the account's default roles (Roles section, isDefault).
          await assignNewMemberRoles(db, user.id, tenantId, assignable);
          await recordAudit(db, auditEvents.userInvited, meta, { ...details, userId: user.id }, now);
          if (!skipInviteEmail) await deps.activation.sendActivationMail(user);
          return view(user, tenantId);
        });
      }
      const token = generateToken();
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      return db.transaction(async () => {
        await insertInvitation(db, {
          userId: existing.id,
          tenantId,
          invitedBy: inviter.sub,
          roleIds: assignable,
          tokenHash: hashToken(token),
          codeHash: hashToken(code),
          createdAt: now,
          expiresAt: addSeconds(now, INVITATION_TTL_MINUTES * 60),
        });
        await recordAudit(db, auditEvents.userInvited, meta, details, now);
        if (!skipInviteEmail) {
          const query = new URLSearchParams({ userId: existing.id, token }).toString();
          await deps.mailer.send(
            invitationMail(existing, {
              acceptUrl: `${config.publicUrl}/account/invitation/accept?${query}`,
              codeUrl: `${config.publicUrl}/account/invitation/code?${query}`,
              code,
              validDays: INVITATION_TTL_MINUTES / 1440,
            }),
          );
        }
        return view(existing, tenantId);
      });
    },

    async accept({ userId, token, code }, meta) {
      const now = clock.now();
      const row = await takeInvitationAttempt(db, {
        userId,
        tokenHash: hashToken(token),
        now,
        maxAttempts: INVITATION_MAX_ATTEMPTS,
      });
      const codeMatches = code === undefined || (row !== undefined && row.codeHash === hashToken(code));
      // Issue 10: marking the invitation used, the membership, its roles and the audit row are one
      // transaction; the failure's audit row is written outside it, so the refusal cannot undo it.
      const accepted =
        row !== undefined &&
        codeMatches &&
        (await db.transaction(async () => {
          if (!(await markInvitationAccepted(db, row.id, now))) return false;
          await insertMembership(db, userId, row.tenantId);
          await assignNewMemberRoles(db, userId, row.tenantId, row.roleIds);
          await recordAudit(
            db,
            auditEvents.invitationAccepted,
            meta,
            { userId, tenantId: row.tenantId },
            now,
          );
          return true;
        }));
      if (!accepted) {
        await recordAudit(
          db,
          auditEvents.invitationFailed,
          meta,
          { userId, tenantId: row?.tenantId, description: 'invalid, used or expired invitation' },
          now,
        );
        throw appError(errorCatalogue.users.invitationInvalid);
      }
    },
  };
}
