// Issue 13: what every SSO sign-in ends with, once its protocol (auth/methods/saml, auth/methods/oidc)
// has checked what the identity provider sent: who the person is here, their membership and roles in
// the connection's tenant, and the session (or the second factor the tenant's policy asks for).
import { atomically, refuse, type Db } from '../../db/client.js';
import { findUserIdentity, upsertUserIdentity } from '../../db/queries/federated.js';
import { assignNewMemberRoles, findRolesByIdsVisibleToTenant } from '../../db/queries/roles.js';
import {
  findValidatedDomainsOfConnection,
  listSsoGroupMappings,
  type SsoGroupMappingRow,
} from '../../db/queries/sso-settings.js';
import { findMember, findRoleIdsOfMembers, replaceMemberRoles } from '../../db/queries/team.js';
import { insertMembership } from '../../db/queries/tenants.js';
import {
  findUserByEmail,
  findUserById,
  findUserClaimsById,
  insertUser,
  normalizeEmail,
  setActiveTenant,
  type UserRow,
} from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../../services/audit.js';
import type { AuthorizationCache } from '../../services/authorization-cache.js';
import { revocationKeys, type RevocationList } from '../../services/revocations.js';
import type { SessionService } from '../../services/sessions.js';
import type { MfaPolicyService } from '../second-factor/policy.js';
import type { MfaService } from '../second-factor/service.js';
import type { FederatedProfile, FederatedSignInAnswer, SsoConnectionRow } from './types.js';

export interface SsoSignIn {
  /**
   * Signs in the person a connection's identity provider vouched for (after every protocol check
   * passed): refuses what the connection may not vouch for, provisions or links the account, applies
   * the connection's roles, then starts the session through the MFA gate. One transaction.
   */
  complete(
    connection: SsoConnectionRow,
    profile: FederatedProfile,
    meta: RequestMeta,
  ): Promise<FederatedSignInAnswer>;
}

/** The domain part of an address, lower-cased; '' when there is none. */
export const emailDomainOf = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
};

/** The roles an IdP's groups give, matched case-insensitively (IdPs differ in the case they send). */
export function rolesOfGroups(
  mappings: SsoGroupMappingRow[],
  groups: readonly string[] | undefined,
): string[] {
  const sent = new Set((groups ?? []).map((group) => group.trim().toLowerCase()));
  return mappings.filter((mapping) => sent.has(mapping.group.toLowerCase())).flatMap((m) => m.roleIds);
}

export function createSsoSignIn(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  mfa: Pick<MfaService, 'startOrChallenge'>;
  mfaPolicies: Pick<MfaPolicyService, 'forTenant'>;
  authorization: AuthorizationCache;
  revocations: RevocationList;
}): SsoSignIn {
  const { db, clock } = deps;

  /** A refused sign-in: its audit row outlives the transaction's rollback (db/client.ts refuse). */
  const refuseSignIn = (
    connection: SsoConnectionRow,
    meta: RequestMeta,
    email: string,
    reason: string,
    error: Parameters<typeof appError>[0],
    userId?: string,
  ): Promise<never> =>
    refuse(async () => {
      await recordAudit(
        db,
        auditEvents.ssoLoginFailed,
        meta,
        {
          email,
          userId: userId ?? null,
          tenantId: connection.tenantId,
          description: reason,
          json: { connectionId: connection.id, protocol: connection.protocol },
        },
        clock.now(),
      );
      throw appError(error);
    });

  /**
   * Roles from SSO replace the roles SSO gave last time, on every sign-in: the connection's default
   * roles plus those of the IdP groups the person is in now. A role counts as SSO's when any of the
   * connection's mappings (default roles or a group) can give it; the person loses it when no mapping
   * gives it this time. Roles an administrator gave by hand that no mapping can give are kept: the
   * IdP says nothing about them. (A role both given by hand and mappable is SSO's: the IdP decides.)
   */
  const applyRoles = async (
    connection: SsoConnectionRow,
    userId: string,
    profile: FederatedProfile,
    joinedNow: boolean,
  ): Promise<void> => {
    const tenantId = connection.tenantId;
    const mappings = await listSsoGroupMappings(db, [connection.id]);
    const mappable = new Set([...connection.roleIds, ...mappings.flatMap((mapping) => mapping.roleIds)]);
    // Ids of roles deleted since, or of another tenant's roles, give nothing.
    const usable = new Set(
      (await findRolesByIdsVisibleToTenant(db, tenantId, [...mappable])).map((entry) => entry.role.id),
    );
    const granted = [...new Set([...connection.roleIds, ...rolesOfGroups(mappings, profile.groups)])].filter(
      (roleId) => usable.has(roleId),
    );
    if (joinedNow && granted.length === 0) {
      // Nothing from SSO: a new member gets the tenant's default roles, as an invited one would.
      await assignNewMemberRoles(db, userId, tenantId, []);
      return;
    }
    const current = (await findRoleIdsOfMembers(db, tenantId, [userId])).get(userId) ?? [];
    const next = [...new Set([...current.filter((roleId) => !mappable.has(roleId)), ...granted])];
    const unchanged = next.length === current.length && next.every((roleId) => current.includes(roleId));
    if (unchanged) return;
    await replaceMemberRoles(db, tenantId, userId, next);
    deps.authorization.invalidateUser(userId);
    // Tokens carry roles: those issued before a role was taken away must not keep it.
    deps.revocations.revoke(revocationKeys.member(userId, tenantId), clock.now().getTime());
  };

  /** The account the IdP's subject was linked to, else the account of the email, else none. */
  const findAccount = async (
    connection: SsoConnectionRow,
    profile: FederatedProfile,
    email: string,
  ): Promise<{ user: UserRow | undefined; linked: boolean }> => {
    const identity = await findUserIdentity(db, {
      provider: connection.protocol,
      connectionKey: connection.id,
      subject: profile.subject,
    });
    const linkedUser = identity ? await findUserById(db, identity.userId) : undefined;
    if (linkedUser) return { user: linkedUser, linked: true };
    return { user: await findUserByEmail(db, email), linked: false };
  };

  const complete = async (
    connection: SsoConnectionRow,
    profile: FederatedProfile,
    meta: RequestMeta,
  ): Promise<FederatedSignInAnswer> => {
    const email = normalizeEmail(profile.email);
    const tenantId = connection.tenantId;
    const refusal = (reason: string, error: Parameters<typeof appError>[0], userId?: string) =>
      refuseSignIn(connection, meta, email, reason, error, userId);

    if (!connection.enabled) return refusal('connection disabled', errorCatalogue.sso.connectionDisabled);
    const validatedDomains = await findValidatedDomainsOfConnection(db, connection.id);
    const domain = emailDomainOf(email);
    const onValidatedDomain = domain !== '' && validatedDomains.includes(domain);
    // The tenant's IdP vouches only for the addresses of the domains the tenant proved it owns: an IdP
    // of tenant A must never sign in someone@tenant-B's-domain.
    if (!onValidatedDomain && !connection.skipEmailDomainValidation)
      return refusal(
        `email domain ${domain || '(none)'} not validated`,
        errorCatalogue.sso.emailDomainNotAllowed,
      );

    const { user: existing, linked } = await findAccount(connection, profile, email);
    // An account that already exists is taken over by email only when the tenant proved it owns that
    // email's domain, even with skipEmailDomainValidation (which is for provisioning new people).
    if (existing && !linked && !validatedDomains.includes(emailDomainOf(existing.email)))
      return refusal(
        'existing account outside the validated domains',
        errorCatalogue.sso.accountNotLinkable,
        existing.id,
      );

    const now = clock.now();
    let userId: string;
    if (existing) {
      userId = existing.id;
      if (existing.isLocked) return refusal('user locked', errorCatalogue.auth.userLocked, userId);
    } else {
      const created = await insertUser(db, {
        email,
        name: profile.name ?? '',
        verified: true,
        provider: connection.protocol,
        activeTenantId: tenantId,
        createdAt: now,
        updatedAt: now,
      });
      userId = created.id;
      await recordAudit(
        db,
        auditEvents.ssoUserProvisioned,
        meta,
        { email, userId, tenantId, json: { connectionId: connection.id, protocol: connection.protocol } },
        now,
      );
    }

    const member = await findMember(db, tenantId, userId);
    if (member?.isDisabled) return refusal('member disabled', errorCatalogue.sso.memberDisabled, userId);
    if (member?.temporaryExpirationDate && member.temporaryExpirationDate <= now)
      return refusal('temporary membership expired', errorCatalogue.sso.memberDisabled, userId);
    // Just-in-time: someone the tenant's IdP vouches for joins the tenant that owns the connection.
    if (!member) await insertMembership(db, userId, tenantId);
    await applyRoles(connection, userId, profile, !member);
    if (!member) deps.authorization.invalidateUser(userId);

    await upsertUserIdentity(db, {
      userId,
      provider: connection.protocol,
      connectionKey: connection.id,
      subject: profile.subject,
      email,
      now,
    });
    await setActiveTenant(db, userId, tenantId);

    const claims = await findUserClaimsById(db, userId, tenantId, now);
    if (!claims) throw appError(errorCatalogue.sso.accountNotLinkable);
    const policy = await deps.mfaPolicies.forTenant(tenantId);
    // "Force except SAML": the tenant trusts its IdP's own second factor, so no sign-in through SSO
    // is asked for one here, enrolled or not. Otherwise SSO passes the same gate as a password.
    if (policy.enforceMFAType === 'ForceExceptSAML')
      return deps.sessions.start(claims, meta, auditEvents.ssoLoginSucceeded);
    return deps.mfa.startOrChallenge(claims, meta, auditEvents.ssoLoginSucceeded, undefined);
  };

  return {
    complete: (connection, profile, meta) => atomically(db, () => complete(connection, profile, meta)),
  };
}
