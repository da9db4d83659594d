import type {
  PolicyPreview,
  PolicyPreviewItem,
  PolicyPreviewQuery,
} from '@brizo/contract/entities/policy-preview';
import { passwordMinutesLeft, reachesLockout } from '../../../auth/methods/password/lifecycle.js';
import { passkeyAuditEvents } from '../../../auth/methods/passkeys/service.js';
import { passwordlessAuditEvents } from '../../../auth/passwordless/service.js';
import { mfaAuditEvents } from '../../../auth/second-factor/audit-events.js';
import {
  countMembersByDomain,
  countMembersWhere,
  emailDomainIn,
  findEnforceableSsoDomains,
  findLastSignInAddresses,
  findMembersByIds,
  hasPassword,
  isLocked,
  listMembersOfDomains,
  listPasswordAges,
  listSignInAddresses,
  lockedOrFailedAtLeast,
  notEnrolledInMfa,
  pageMembersWhere,
  type MemberCondition,
  type PreviewMemberRow,
} from '../../../db/queries/policy-preview.js';
import { listEmailDomainRestrictions } from '../../../db/queries/security/email-domain-restrictions.js';
import { listActiveIpRestrictions } from '../../../db/queries/security/ip-restrictions.js';
import { findRestrictionConfig } from '../../../db/queries/security/restriction-configs.js';
import { normalizeEmail } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import { addDays } from '../../../lib/time.js';
import type { AdminActor } from '../../admin-access.js';
import { auditEvents } from '../../audit.js';
import { createSecurityPolicyService, effectiveRotation } from '../../lifecycle/policies.js';
import { oauthAuditEvents } from '../../oauth/authorization-server.js';
import type { ServiceDeps } from '../../operations-deps.js';
import { mustUseSso } from '../../sso/enforcement.js';
import { emailDomain, isPersonalEmail } from '../email-domains.js';
import { ipAllowed, ipRulesOf } from '../ip-restrictions.js';
import { parseIpOrCidr } from '../../../lib/ip-addresses.js';
import { canonicalEmailDomain, emailDomainAllowed, type EmailDomainRules } from '../tenant-security.js';
import {
  domainTexts,
  historyTexts,
  ipTexts,
  lockoutTexts,
  mfaTexts,
  rotationTexts,
  ssoTexts,
} from './texts.js';

// Issue 14, the policy impact preview: who a security policy would affect in the caller's active
// tenant if it were saved as sent, computed from what the server holds (memberships, MFA devices,
// failed passwords, password ages, email domains, sign-in addresses). It changes nothing. Each kind
// decides with the enforcing code's own rule (ipAllowed, emailDomainAllowed, mustUseSso,
// reachesLockout, passwordMinutesLeft, effectiveRotation), so the preview cannot drift from it.

/** How far back the audit log's sign-ins count as a member's addresses. */
export const SIGN_IN_LOOKBACK_DAYS = 30;

/**
 * The audit log's successful sign-ins, one event per way of signing in (each session start writes one):
 * read at call time, as the event tables live with their sign-in methods.
 */
const signInActions = (): string[] => [
  auditEvents.loginSucceeded.action,
  auditEvents.ssoLoginSucceeded.action,
  auditEvents.socialLoginSucceeded.action,
  mfaAuditEvents.mfaSucceeded.action,
  mfaAuditEvents.mfaSkippedRememberedDevice.action,
  passkeyAuditEvents.passkeyLogin.action,
  passwordlessAuditEvents.loginSucceeded.action,
  oauthAuditEvents.codeExchanged.action,
];

type Self = PolicyPreview['self'];
type Page = { offset: number; limit: number };
/** An affected member before the page is read: why, and the address to show when the kind has one. */
type Affected = { userId: string; reason: string; ip?: string };

export interface PolicyPreviewService {
  preview(actor: AdminActor, query: PolicyPreviewQuery): Promise<PolicyPreview>;
}

export function createPolicyPreviewService(deps: ServiceDeps): PolicyPreviewService {
  const { db, clock } = deps;
  const policies = createSecurityPolicyService({ db, clock });
  const invalid = () => appError(errorCatalogue.policyPreview.invalidPolicy);

  /** A page of members as the answer lists them, with their latest sign-in address in the tenant. */
  const itemsOf = async (
    tenantId: string,
    rows: PreviewMemberRow[],
    reasonOf: (row: PreviewMemberRow) => string,
    ipOf: (row: PreviewMemberRow) => string | undefined = () => undefined,
  ): Promise<PolicyPreviewItem[]> => {
    const lastIps = await findLastSignInAddresses(db, {
      tenantId,
      userIds: rows.map((row) => row.userId),
      actions: signInActions(),
    });
    return rows.map((row) => ({
      userId: row.userId,
      email: row.email,
      name: row.name,
      reason: reasonOf(row),
      lastSignInAt: row.lastLogin?.toISOString() ?? null,
      lastIp: ipOf(row) ?? lastIps.get(row.userId) ?? null,
    }));
  };

  /** A kind decided in SQL: the members matching the condition, counted and paged there. */
  const sqlPage = async (
    tenantId: string,
    condition: MemberCondition,
    page: Page,
    reasonOf: (row: PreviewMemberRow) => string,
  ) => {
    const { total, rows } = await pageMembersWhere(db, tenantId, condition, page);
    return { affectedCount: total, items: await itemsOf(tenantId, rows, reasonOf) };
  };

  /** A kind decided here, member by member (already in email order): its page is read afterwards. */
  const listedPage = async (tenantId: string, affected: Affected[], page: Page) => {
    const shown = affected.slice(page.offset, page.offset + page.limit);
    const byId = new Map(shown.map((entry) => [entry.userId, entry]));
    const rows = await findMembersByIds(
      db,
      tenantId,
      shown.map((entry) => entry.userId),
    );
    return {
      affectedCount: affected.length,
      items: await itemsOf(
        tenantId,
        rows,
        (row) => byId.get(row.userId)?.reason ?? '',
        (row) => byId.get(row.userId)?.ip,
      ),
    };
  };

  const nobody = (kind: PolicyPreview['kind'], summary: string, self: Self = null): PolicyPreview => ({
    kind,
    affectedCount: 0,
    items: [],
    self,
    summary,
  });

  const previewMfa = async (
    actor: AdminActor,
    query: Extract<PolicyPreviewQuery, { kind: 'mfa' }>,
  ): Promise<PolicyPreview> => {
    const type = query.policy.enforceMFAType;
    if (type === 'DontForce') return nobody('mfa', mfaTexts.optional);
    const exceptSso = type === 'ForceExceptSAML';
    const page = await sqlPage(actor.tenantId, notEnrolledInMfa({ exceptSso }), query, () =>
      mfaTexts.reason(exceptSso),
    );
    return { kind: 'mfa', ...page, self: null, summary: mfaTexts.summary(page.affectedCount, exceptSso) };
  };

  const previewLockout = async (
    actor: AdminActor,
    query: Extract<PolicyPreviewQuery, { kind: 'lockout' }>,
  ): Promise<PolicyPreview> => {
    const { enabled, maxAttempts } = query.policy;
    if (!enabled) return nobody('lockout', lockoutTexts.off);
    // The fewest wrong passwords on record from which the next one locks the account (lifecycle's rule).
    let threshold = 0;
    while (threshold < maxAttempts && !reachesLockout(threshold + 1, maxAttempts)) threshold += 1;
    const page = await sqlPage(actor.tenantId, lockedOrFailedAtLeast(threshold), query, (row) =>
      row.isLocked ? lockoutTexts.reasonLocked : lockoutTexts.reasonNearLimit(row.failedAttempts),
    );
    const locked = await countMembersWhere(db, actor.tenantId, isLocked);
    return {
      kind: 'lockout',
      ...page,
      self: null,
      summary: lockoutTexts.summary(page.affectedCount - locked, locked, maxAttempts),
    };
  };

  const previewHistory = async (
    actor: AdminActor,
    query: Extract<PolicyPreviewQuery, { kind: 'passwordHistory' }>,
  ): Promise<PolicyPreview> => {
    const { enabled, historySize } = query.policy;
    if (!enabled) return nobody('passwordHistory', historyTexts.off);
    // As assertNotReused checks: the current password and up to historySize - 1 earlier ones on record.
    const page = await sqlPage(actor.tenantId, hasPassword, query, (row) =>
      historyTexts.reason(1 + Math.min(historySize - 1, row.earlierPasswords)),
    );
    return {
      kind: 'passwordHistory',
      ...page,
      self: null,
      summary: historyTexts.summary(page.affectedCount, historySize),
    };
  };

  const previewRotation = async (
    actor: AdminActor,
    query: Extract<PolicyPreviewQuery, { kind: 'passwordRotation' | 'passwordExpiration' }>,
  ): Promise<PolicyPreview> => {
    const [vendor, own] = await Promise.all([policies.vendor(), policies.get(actor.tenantId)]);
    // Saved, the tenant's row holds the new rotation; the vendor's still applies when it is shorter.
    const rotation = effectiveRotation(vendor, {
      ...own,
      rotationActive: query.policy.isActive,
      rotationPeriodMinutes: query.policy.rotationPeriod,
      rotationNotificationMinutes: query.policy.notificationPeriod,
    });
    if (!rotation) return nobody(query.kind, rotationTexts.off);
    const now = clock.now();
    const expired: Affected[] = [];
    const affected: Affected[] = [];
    for (const member of await listPasswordAges(db, actor.tenantId)) {
      const minutesLeft = passwordMinutesLeft(member.passwordChangedAt, rotation.rotationPeriod, now);
      if (minutesLeft <= 0) {
        const entry = {
          userId: member.userId,
          reason: rotationTexts.reasonExpired(member.passwordChangedAt),
        };
        expired.push(entry);
        affected.push(entry);
      } else if (minutesLeft <= rotation.notificationPeriod) {
        affected.push({ userId: member.userId, reason: rotationTexts.reasonExpiring(minutesLeft) });
      }
    }
    const page = await listedPage(actor.tenantId, affected, query);
    return {
      kind: query.kind,
      ...page,
      self: null,
      summary: rotationTexts.summary(
        expired.length,
        affected.length - expired.length,
        rotation.rotationPeriod,
      ),
    };
  };

  const previewIp = async (
    actor: AdminActor,
    query: Extract<PolicyPreviewQuery, { kind: 'ipRestriction' }>,
  ): Promise<PolicyPreview> => {
    const { policy } = query;
    const added = policy.add
      .filter((entry) => entry.isActive !== false)
      .map((entry) => {
        if (!parseIpOrCidr(entry.ip)) throw invalid();
        return { ip: entry.ip, strategy: entry.strategy };
      });
    const [config, stored] = await Promise.all([
      findRestrictionConfig(db, actor.tenantId),
      listActiveIpRestrictions(db, actor.tenantId),
    ]);
    const removed = new Set(policy.removeIds);
    const rules = ipRulesOf(
      {
        isActive: policy.isActive ?? config?.ipActive ?? false,
        strategy: policy.strategy ?? config?.ipStrategy ?? 'ALLOW',
      },
      [...stored.filter((entry) => !removed.has(entry.id)), ...added],
    );
    const ip = actor.meta.ip;
    const selfRefused = !ipAllowed(rules, ip);
    const self: Self = { affected: selfRefused, reason: selfRefused ? ipTexts.self(ip) : null, ip };
    if (!rules.isActive) return nobody('ipRestriction', ipTexts.inactive, self);

    const now = clock.now();
    const seen = await listSignInAddresses(db, {
      tenantId: actor.tenantId,
      since: addDays(now, -SIGN_IN_LOOKBACK_DAYS),
      now,
      actions: signInActions(),
    });
    // An address is judged once, however many members came from it.
    const verdicts = new Map<string, boolean>();
    const refusedBy = new Map<string, { email: string; addresses: { ip: string; seenAt: Date }[] }>();
    for (const sighting of seen) {
      let allowed = verdicts.get(sighting.ip);
      if (allowed === undefined) {
        allowed = ipAllowed(rules, sighting.ip);
        verdicts.set(sighting.ip, allowed);
      }
      if (allowed) continue;
      const member = refusedBy.get(sighting.userId) ?? { email: sighting.email, addresses: [] };
      member.addresses.push({ ip: sighting.ip, seenAt: sighting.seenAt });
      refusedBy.set(sighting.userId, member);
    }
    const affected = [...refusedBy.entries()]
      .sort(([idA, a], [idB, b]) => compareText(a.email, b.email) || compareText(idA, idB))
      .map(([userId, { addresses }]): Affected => {
        const [latest] = addresses.sort((a, b) => b.seenAt.getTime() - a.seenAt.getTime());
        const shown = latest?.ip ?? '';
        return { userId, reason: ipTexts.reason(shown, addresses.length - 1), ip: shown };
      });
    const page = await listedPage(actor.tenantId, affected, query);
    return {
      kind: 'ipRestriction',
      ...page,
      self,
      summary: ipTexts.summary(page.affectedCount, SIGN_IN_LOOKBACK_DAYS),
    };
  };

  const previewDomain = async (
    actor: AdminActor,
    query: Extract<PolicyPreviewQuery, { kind: 'domainRestriction' }>,
  ): Promise<PolicyPreview> => {
    const { policy } = query;
    const added = policy.add.map((entry) => {
      const domain = canonicalEmailDomain(entry.domain);
      if (!domain) throw invalid();
      return { domain, type: entry.type };
    });
    const [config, stored] = await Promise.all([
      findRestrictionConfig(db, actor.tenantId),
      listEmailDomainRestrictions(db, actor.tenantId),
    ]);
    const removed = new Set(policy.removeIds);
    const rules: EmailDomainRules = {
      active: policy.active ?? config?.domainActive ?? false,
      listType: policy.listType ?? config?.domainListType ?? 'ALLOW',
      blockPublicDomains: policy.blockPublicDomains ?? config?.domainBlockPublic ?? false,
      entries: [...stored.filter((entry) => !removed.has(entry.id)), ...added],
    };
    const why = (email: string) =>
      rules.blockPublicDomains && isPersonalEmail(email)
        ? 'personal'
        : rules.listType === 'ALLOW'
          ? 'notAllowed'
          : 'blocked';
    const selfEmail = actor.email ? normalizeEmail(actor.email) : '';
    const selfRefused = selfEmail !== '' && !emailDomainAllowed(rules, selfEmail);
    const self: Self = {
      affected: selfRefused,
      reason: selfRefused ? domainTexts.self(emailDomain(selfEmail)) : null,
      ip: actor.meta.ip,
    };
    if (!rules.active) return nobody('domainRestriction', domainTexts.inactive, self);
    // The rule reads only an address's domain: each of the tenant's domains is judged once.
    const refused = (await countMembersByDomain(db, actor.tenantId))
      .map((entry) => entry.domain)
      .filter((domain) => !emailDomainAllowed(rules, `member@${domain}`));
    if (refused.length === 0) return nobody('domainRestriction', domainTexts.summary(0), self);
    const page = await sqlPage(actor.tenantId, emailDomainIn(refused), query, (row) =>
      domainTexts.reason(emailDomain(row.email), why(row.email)),
    );
    return { kind: 'domainRestriction', ...page, self, summary: domainTexts.summary(page.affectedCount) };
  };

  const previewSso = async (
    actor: AdminActor,
    query: Extract<PolicyPreviewQuery, { kind: 'ssoEnforcement' }>,
  ): Promise<PolicyPreview> => {
    const { enforced } = query.policy;
    // As the SSO service saves them.
    const policy = { excludedEmails: query.policy.excludedEmails.map(normalizeEmail) };
    const domains = enforced ? await findEnforceableSsoDomains(db, actor.tenantId) : [];
    const enforcedOn = (email: string) => domains.includes(emailDomain(email));
    const selfEmail = actor.email ? normalizeEmail(actor.email) : '';
    const selfAffected = selfEmail !== '' && enforcedOn(selfEmail) && mustUseSso(selfEmail, policy);
    const self: Self = {
      affected: selfAffected,
      reason: selfAffected ? ssoTexts.self(emailDomain(selfEmail)) : null,
      ip: actor.meta.ip,
    };
    if (!enforced) return nobody('ssoEnforcement', ssoTexts.off, self);
    if (domains.length === 0) return nobody('ssoEnforcement', ssoTexts.noDomains, self);
    const affected = (await listMembersOfDomains(db, actor.tenantId, domains))
      .filter((member) => mustUseSso(member.email, policy))
      .map((member): Affected => ({
        userId: member.userId,
        reason: ssoTexts.reason(emailDomain(member.email)),
      }));
    const page = await listedPage(actor.tenantId, affected, query);
    return {
      kind: 'ssoEnforcement',
      ...page,
      self,
      summary: ssoTexts.summary(page.affectedCount, domains),
    };
  };

  return {
    async preview(actor, query): Promise<PolicyPreview> {
      switch (query.kind) {
        case 'mfa':
          return previewMfa(actor, query);
        case 'lockout':
          return previewLockout(actor, query);
        case 'passwordHistory':
          return previewHistory(actor, query);
        case 'passwordRotation':
        case 'passwordExpiration':
          return previewRotation(actor, query);
        case 'ipRestriction':
          return previewIp(actor, query);
        case 'domainRestriction':
          return previewDomain(actor, query);
        case 'ssoEnforcement':
          return previewSso(actor, query);
      }
    },
  };
}

/** Byte order, as the member lists sort (collate "C"). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
