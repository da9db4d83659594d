import { randomInt } from 'node:crypto';
import { webPaths } from '@brizo/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  findAssignableRoleIds,
  findOpenInvitations,
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
import { assertEmailDomainAllowed } from '../security/tenant-security.js';
import { existingUserInvitationMail } from '../mail-templates.js';
import type { InvitationSender } from '../activation.js';
import { findTenantById, findTenantsOfUser } from '../../db/queries/tenants.js';

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
  /** Who the invitation mails of `inviter` name as inviter and account. */
  senderOf(inviter: Pick<AccessTokenClaims, 'name' | 'email'>, tenantId: string): Promise<InvitationSender>;
  /**
   * POST /users/v1/invitation/reset (and /reset/all): the invitation mailed again with a new link;
   * older links stop working. A member who has not activated gets a new activation (invitation) link,
   * someone invited from another account a new invitation with the same roles. `everywhere`: every
   * tenant, for a superuser (the vendor); a tenant administrator only ever reaches their own tenant.
   * 404 when there is no open invitation there (as for an unknown email: no enumeration).
   */
  resend(
    inviter: AccessTokenClaims,
    email: string,
    options: { everywhere: boolean },
    meta: RequestMeta,
  ): Promise<void>;
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
  /** The inviter as the mail names them, and the account's name. */
  const senderOf = async (
    inviter: Pick<AccessTokenClaims, 'name' | 'email'>,
    tenantId: string,
  ): Promise<InvitationSender> => ({
    inviter: { name: inviter.name, email: inviter.email },
    accountName: (await findTenantById(db, tenantId))?.name ?? 'your team',
  });
  const view = (user: UserRow, tenantId: string): InvitedUser => ({
    id: user.id,
    email: user.email,
    name: user.name,
    tenantId,
    verified: user.verified,
    createdAt: user.createdAt.toISOString(),
  });

  return {
    senderOf,

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
      const sender = await senderOf(inviter, tenantId);
      // Issue 10: user, membership, roles, invitation, audit row and mail (the outbox is a table) are one
      // transaction: a failure, or a crash, leaves no account without its membership. The mail goes last.
      if (!existing) {
        return db.transaction(async () => {
          // A new person: the account is created in the tenant and activated by the mailed link.
          const user = await insertUser(db, {
            email,
            name: name ?? '',
            verified: false,
            // The web app's landing rule: an invitee of an existing account is no personal-email sign-up
            // to review, whatever roles the administrator gave (SPEC sections 4 and 6).
            vendorMetadata: JSON.stringify({ signupType: 'invitation' }),
            activeTenantId: tenantId,
          });
          await insertMembership(db, user.id, tenantId);
          // No roles chosen: the account's default roles (Roles section, isDefault).
          await assignNewMemberRoles(db, user.id, tenantId, assignable);
          await recordAudit(db, auditEvents.userInvited, meta, { ...details, userId: user.id }, now);
          if (!skipInviteEmail) await deps.activation.sendActivationMail(user, undefined, sender);
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
            existingUserInvitationMail(existing, {
              ...sender,
              acceptUrl: `${config.publicUrl}${webPaths.acceptInvitation}?${query}`,
              codeUrl: `${config.publicUrl}${webPaths.acceptInvitationWithCode}?${query}`,
              code,
              validDays: INVITATION_TTL_MINUTES / 1440,
            }),
          );
        }
        return view(existing, tenantId);
      });
    },

    async resend(inviter, email, { everywhere }, meta) {
      if (!inviter.tenantId) throw appError(errorCatalogue.lifecycle.forbidden);
      const user = await findUserByEmail(db, email);
      const tenantIds = everywhere && inviter.superUser ? undefined : [inviter.tenantId];
      if (!user) throw appError(errorCatalogue.users.notFound);
      const now = clock.now();
      // A member who never activated: their activation link is the invitation (one per user, not per tenant).
      const memberTenants = user.verified
        ? []
        : (await findTenantsOfUser(db, user.id))
            .map((tenant) => tenant.id)
            .filter((id) => !tenantIds || tenantIds.includes(id));
      const open = (await findOpenInvitations(db, user.id, tenantIds)).filter(
        (row) => !memberTenants.includes(row.tenantId),
      );
      if (memberTenants.length === 0 && open.length === 0) {
        if (user.verified && tenantIds && (await isMemberOf(db, user.id, inviter.tenantId))) {
          throw appError(errorCatalogue.users.alreadyActivated);
        }
        throw appError(errorCatalogue.users.notFound);
      }
      await db.transaction(async () => {
        const [firstTenant] = memberTenants;
        if (firstTenant) {
          const inviteTenant = memberTenants.includes(inviter.tenantId ?? '')
            ? inviter.tenantId
            : firstTenant;
          await deps.activation.sendActivationMail(
            user,
            undefined,
            await senderOf(inviter, inviteTenant ?? firstTenant),
          );
        }
        for (const invitation of open) {
          const token = generateToken();
          const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
          await insertInvitation(db, {
            userId: user.id,
            tenantId: invitation.tenantId,
            invitedBy: inviter.sub,
            roleIds: invitation.roleIds,
            tokenHash: hashToken(token),
            codeHash: hashToken(code),
            createdAt: now,
            expiresAt: addSeconds(now, INVITATION_TTL_MINUTES * 60),
          });
          const query = new URLSearchParams({ userId: user.id, token }).toString();
          await deps.mailer.send(
            existingUserInvitationMail(user, {
              ...(await senderOf(inviter, invitation.tenantId)),
              acceptUrl: `${config.publicUrl}${webPaths.acceptInvitation}?${query}`,
              codeUrl: `${config.publicUrl}${webPaths.acceptInvitationWithCode}?${query}`,
              code,
              validDays: INVITATION_TTL_MINUTES / 1440,
            }),
          );
        }
        for (const tenantId of [...memberTenants, ...open.map((row) => row.tenantId)]) {
          await recordAudit(
            db,
            auditEvents.invitationResent,
            meta,
            { userId: user.id, email: user.email, tenantId, json: { resentBy: inviter.sub } },
            now,
          );
        }
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
