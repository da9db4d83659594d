import { randomUUID } from 'node:crypto';
import { INVITE_LINK_DEFAULT_MINUTES } from '@brizo/contract';
import type { Config } from '../../config.js';
import { atomicMethods, type Db } from '../../db/client.js';
import { assignNewMemberRoles } from '../../db/queries/roles.js';
import { assertEmailDomainAllowed } from '../security/tenant-security.js';
import {
  deleteInviteLink,
  findInviteLink,
  findInviteLinkByToken,
  updateInviteLink,
  upsertInviteLink,
  type InviteLinkRow,
} from '../../db/queries/team.js';
import { findTenantById, insertMembership } from '../../db/queries/tenants.js';
import { findUserByEmail, insertUser, normalizeEmail } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken } from '../../lib/secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import { personOf, type AdminActor } from '../admin-access.js';
import type { ActivationService } from '../activation.js';
import { auditChange, type AuditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit, recordAudit, type RequestMeta } from '../audit.js';
import { forgotPasswordUrl, loginUrl } from '../links.js';
import type { Mailer } from '../mail.js';
import { accountExistsMail } from '../mail-templates.js';
import type { FederatedSignUp, SignUpInput, SignUpResult } from '../signup.js';

export function inviteLinkView(link: InviteLinkRow, vendorId: string) {
  return {
    id: link.id,
    vendorId,
    tenantId: link.tenantId,
    userId: link.createdBy ?? undefined,
    token: link.token,
    expires: link.expiresAt.toISOString(),
    shouldSendEmail: link.shouldSendEmail,
    roleIds: link.roleIds,
  };
}

export type TeamInviteLinks = ReturnType<typeof createTeamInviteLinks>;

/**
 * The tenant's invite link (SPEC section 3 "Invite link"): whoever opens
 * /account/sign-up?invitationToken=… before it expires signs up into this tenant with its roles
 * (and activates by mail), instead of opening an account of their own.
 */
export function createTeamInviteLinks(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  activation: ActivationService;
}) {
  const { db, config, clock } = deps;
  const vendorId = config.clientId;
  const current = async (actor: AdminActor) => {
    const link = await findInviteLink(db, actor.tenantId);
    if (!link) throw appError(errorCatalogue.team.inviteLinkNotFound);
    return link;
  };
  /** A link's settings, as the audit log's before and after show them (the token is masked). */
  const fieldsOf = (link: InviteLinkRow) => ({
    token: link.token,
    expires: link.expiresAt,
    shouldSendEmail: link.shouldSendEmail,
    roleIds: link.roleIds,
  });
  const audit = (
    actor: AdminActor,
    event: (typeof auditEvents)[keyof typeof auditEvents],
    link: InviteLinkRow | undefined,
    change: AuditChange,
  ) =>
    recordAdminAudit(
      db,
      actor,
      event,
      {
        json: {
          ...(link ? { linkId: link.id, expires: link.expiresAt.toISOString(), roleIds: link.roleIds } : {}),
          ...change,
        },
      },
      clock.now(),
    );

  /** The live link a token belongs to, or nothing. */
  const resolve = async (token: string): Promise<InviteLinkRow | undefined> => {
    const link = await findInviteLinkByToken(db, token);
    return link && link.expiresAt > clock.now() ? link : undefined;
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['create', 'update', 'remove'], {
    configuration: () => ({ tenantInvitationsAllowed: true, emailsEnabled: true }),

    async get(actor: AdminActor) {
      return inviteLinkView(await current(actor), vendorId);
    },

    /** A new token replaces the previous link. Role ids are checked by the caller (team service). */
    async create(
      actor: AdminActor,
      input: {
        expiresInMinutes?: number | undefined;
        shouldSendEmail?: boolean | undefined;
        roleIds: string[];
      },
    ) {
      const now = clock.now();
      const previous = await findInviteLink(db, actor.tenantId);
      const link = await upsertInviteLink(db, {
        tenantId: actor.tenantId,
        createdBy: personOf(actor),
        token: generateToken(),
        roleIds: input.roleIds,
        shouldSendEmail: input.shouldSendEmail ?? true,
        expiresAt: addSeconds(now, (input.expiresInMinutes ?? INVITE_LINK_DEFAULT_MINUTES) * 60),
        createdAt: now,
        updatedAt: now,
      });
      await audit(
        actor,
        auditEvents.teamInviteLinkCreated,
        link,
        auditChange(previous ? fieldsOf(previous) : null, fieldsOf(link)),
      );
      return inviteLinkView(link, vendorId);
    },

    async update(
      actor: AdminActor,
      input: { expiresInMinutes?: number | undefined; shouldSendEmail?: boolean | undefined },
    ) {
      const before = await current(actor);
      const now = clock.now();
      const link = await updateInviteLink(db, actor.tenantId, {
        ...(input.expiresInMinutes === undefined
          ? {}
          : { expiresAt: addSeconds(now, input.expiresInMinutes * 60) }),
        ...(input.shouldSendEmail === undefined ? {} : { shouldSendEmail: input.shouldSendEmail }),
        updatedAt: now,
      });
      if (!link) throw appError(errorCatalogue.team.inviteLinkNotFound);
      await audit(
        actor,
        auditEvents.teamInviteLinkUpdated,
        link,
        auditChange(fieldsOf(before), fieldsOf(link)),
      );
      return inviteLinkView(link, vendorId);
    },

    /**
     * POST /tenants/invites/v1/verify, before signing up through a link: the link and the name of the
     * account it joins (the store shows it). Not the link's roles nor who made it. An unknown, replaced
     * or expired token gets the one answer the sign-up gives it.
     */
    async verify(token: string) {
      const link = await resolve(token);
      const tenant = link && (await findTenantById(db, link.tenantId));
      if (!link || !tenant) throw appError(errorCatalogue.users.invitationInvalid);
      return {
        id: link.id,
        vendorId,
        tenantId: link.tenantId,
        token: link.token,
        expires: link.expiresAt.toISOString(),
        shouldSendEmail: link.shouldSendEmail,
        name: tenant.name,
      };
    },

    async remove(actor: AdminActor) {
      const before = await findInviteLink(db, actor.tenantId);
      if (!before || !(await deleteInviteLink(db, actor.tenantId))) {
        throw appError(errorCatalogue.team.inviteLinkNotFound);
      }
      await audit(actor, auditEvents.teamInviteLinkDeleted, undefined, auditChange(fieldsOf(before), null));
    },

    /**
     * Sign-up through an invite link: the person joins the link's tenant with its roles and
     * activates by mail. A known email gets the "you already have an account" mail and the same
     * kind of answer, so the link cannot be used to learn who has an account. Issue 13: with
     * `federated`, an outside provider (social login) proved the email: the account is verified and
     * activated at once, without an activation mail.
     */
    async signUp(input: SignUpInput, meta: RequestMeta, federated?: FederatedSignUp): Promise<SignUpResult> {
      const link = input.invitationToken ? await resolve(input.invitationToken) : undefined;
      if (!link) throw appError(errorCatalogue.users.invitationInvalid);
      // The account's email-domain restrictions hold for sign-ups through its link as for invites.
      await assertEmailDomainAllowed(db, link.tenantId, input.email);
      const existing = await findUserByEmail(db, input.email);
      if (existing) {
        await deps.mailer.send(accountExistsMail(existing, loginUrl(config), forgotPasswordUrl(config)));
        return { shouldActivate: true, userId: randomUUID(), tenantId: link.tenantId };
      }
      const now = clock.now();
      // Issue 10: the account, its membership and roles, the activation mail (the outbox is a table) and
      // the audit row are one transaction.
      const { user, activationToken } = await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          email: input.email,
          name: input.name?.trim() ?? '',
          phoneNumber: input.phoneNumber ?? null,
          metadata: JSON.stringify(input.metadata ?? {}),
          vendorMetadata: JSON.stringify({ signupType: 'invite-link', activated: Boolean(federated) }),
          activeTenantId: link.tenantId,
          ...(federated ? { verified: true, provider: federated.provider } : {}),
          createdAt: now,
          updatedAt: now,
        });
        await insertMembership(tx, created.id, link.tenantId);
        await assignNewMemberRoles(tx, created.id, link.tenantId, link.roleIds);
        await recordAudit(
          tx,
          auditEvents.teamInviteLinkSignUp,
          meta,
          {
            userId: created.id,
            email: normalizeEmail(created.email),
            tenantId: link.tenantId,
            json: { linkId: link.id },
          },
          now,
        );
        const mailed: { activationToken?: string } = federated
          ? {}
          : await deps.activation.sendActivationMail(created);
        return { user: created, activationToken: mailed.activationToken };
      });
      return {
        shouldActivate: true,
        userId: user.id,
        tenantId: link.tenantId,
        ...(activationToken ? { activationToken } : {}),
      };
    },
  });
}
