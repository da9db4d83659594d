import { INACTIVE_SECONDS, type SecurityCategory, type Severity } from '@brizo/contract';
import { atomicMethods, type Db } from '../db/client.js';
import { countEmailDomainRestrictions } from '../db/queries/security/email-domain-restrictions.js';
import { countIpRestrictions } from '../db/queries/security/ip-restrictions.js';
import { findRestrictionConfig } from '../db/queries/security/restriction-configs.js';
import { countTenantUsers, listBreachedPasswordUsers } from '../db/queries/security-center.js';
import { addSeconds, type Clock } from '../lib/time.js';
import type { AdminActor } from './admin-access.js';
import { auditEvents, recordAdminAudit } from './audit.js';
import type { SecurityPolicyService } from './lifecycle/policies.js';
import type { MfaPolicyService } from '../auth/second-factor/policy.js';
import type { PasswordResetService } from '../auth/methods/password/reset.js';
import type { TenantSecurityService } from './security/tenant-security.js';

/** Lockout and history settings weaker than these earn a "strengthen" recommendation. */
const STRONG_LOCKOUT_MAX_ATTEMPTS = 5;
const STRONG_HISTORY_SIZE = 5;

export interface SecurityMetadata {
  totalUsers?: number;
  mfa?: { enrolledUsersCount?: number };
  inactivity?: { staleUsersCount?: number };
  password?: {
    breachedPasswordUsersCount?: number;
    historyRecommendations?: number;
    userLockoutRecommendation?: number;
  };
  sessions?: {
    configuredSessionSettings?: number;
    forceReloginRecommendation?: number;
    concurrencyRecommendation?: number;
    idleTimeoutRecommendation?: number;
  };
  restrictions?: { ipsCount?: number; domainsCount?: number };
}
export interface Recommendation {
  code: string;
  severity: Severity;
  category: SecurityCategory;
  metadata?: SecurityMetadata;
}
export interface Insight {
  code: string;
  category: SecurityCategory;
  metadata?: SecurityMetadata;
}

export interface SecurityCenterService {
  recommendations(
    actor: AdminActor,
  ): Promise<{ scoring: { score: number }; recommendations: { items: Recommendation[] } }>;
  insights(actor: AdminActor): Promise<{ insights: { items: Insight[] } }>;
  /** Mails a password reset to every member of the tenant whose password is on the breached list. */
  resetBreachedPasswords(
    actor: AdminActor,
    passwordReset: Pick<PasswordResetService, 'requestReset'>,
  ): Promise<{ sent: number }>;
}

/** Each open recommendation costs the score this much, out of 100. */
const SEVERITY_COST: Record<Severity, number> = { SEVERE: 20, WARNING: 10, INFO: 4 };

export function createSecurityCenterService(deps: {
  db: Db;
  clock: Clock;
  mfaPolicies: MfaPolicyService;
  policies: SecurityPolicyService;
  tenantSecurity: TenantSecurityService;
}): SecurityCenterService {
  const { db, clock } = deps;

  /** Everything both answers are computed from, read fresh: the tenant's real policies and users. */
  const snapshot = async (tenantId: string) => {
    const [mfa, policies, sessions, restrictions, ipsCount, domainsCount, users] = await Promise.all([
      deps.mfaPolicies.forTenant(tenantId),
      deps.policies.effective(tenantId),
      deps.tenantSecurity.sessionPolicy(tenantId),
      findRestrictionConfig(db, tenantId),
      countIpRestrictions(db, tenantId),
      countEmailDomainRestrictions(db, tenantId),
      countTenantUsers(db, tenantId, addSeconds(clock.now(), -INACTIVE_SECONDS)),
    ]);
    const sessionSettings = [
      sessions.sessionIdleTimeoutConfiguration.isActive,
      sessions.sessionTimeoutConfiguration.isActive,
      sessions.sessionConcurrentConfiguration.isActive,
    ].filter(Boolean).length;
    return { mfa, policies, sessions, restrictions, ipsCount, domainsCount, users, sessionSettings };
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['resetBreachedPasswords'], {
    async recommendations(actor) {
      const s = await snapshot(actor.tenantId);
      const items: Recommendation[] = [];
      const add = (
        code: string,
        severity: Severity,
        category: SecurityCategory,
        metadata?: SecurityMetadata,
      ) => items.push({ code, severity, category, ...(metadata ? { metadata } : {}) });

      if (s.mfa.enforceMFAType === 'DontForce') {
        add('FORCE_MFA', 'SEVERE', 'MFA', {
          totalUsers: s.users.totalUsers,
          mfa: { enrolledUsersCount: s.users.mfaEnrolled },
        });
      }
      if (s.users.breachedPasswords > 0) {
        add('BREACHED_PASSWORDS_EXIST', 'SEVERE', 'PASSWORD', {
          password: { breachedPasswordUsersCount: s.users.breachedPasswords },
        });
      }
      const { lockout, history } = s.policies;
      if (!lockout.enabled) add('ENABLE_USER_LOCKOUT', 'WARNING', 'PASSWORD');
      else if (lockout.maxAttempts > STRONG_LOCKOUT_MAX_ATTEMPTS) {
        add('STRENGTHEN_USER_LOCKOUT', 'INFO', 'PASSWORD', {
          password: { userLockoutRecommendation: STRONG_LOCKOUT_MAX_ATTEMPTS },
        });
      }
      if (!history.enabled) add('ENABLE_PASSWORD_HISTORY', 'WARNING', 'PASSWORD');
      else if (history.historySize < STRONG_HISTORY_SIZE) {
        add('STRENGTHEN_PASSWORD_HISTORY', 'INFO', 'PASSWORD', {
          password: { historyRecommendations: STRONG_HISTORY_SIZE },
        });
      }
      if (!s.sessions.sessionTimeoutConfiguration.isActive)
        add('ENABLE_FORCE_RELOGIN', 'WARNING', 'SESSIONS');
      if (!s.sessions.sessionIdleTimeoutConfiguration.isActive)
        add('ENABLE_IDLE_SESSION', 'WARNING', 'SESSIONS');
      if (!s.sessions.sessionConcurrentConfiguration.isActive)
        add('ENABLE_SESSION_CONCURRENCY', 'INFO', 'SESSIONS');
      if (!s.restrictions?.ipActive) add('ENABLE_IP_RESTRICTIONS', 'INFO', 'IP');
      else if (s.restrictions.ipStrategy === 'BLOCK') add('CHANGE_IP_TO_ALLOWLIST', 'INFO', 'IP');
      if (!s.restrictions?.domainActive) add('ENABLE_DOMAIN_RESTRICTIONS', 'INFO', 'DOMAIN');
      else if (s.restrictions.domainListType === 'BLOCK') add('CHANGE_DOMAIN_TO_ALLOWLIST', 'INFO', 'DOMAIN');

      const score = Math.max(0, 100 - items.reduce((total, item) => total + SEVERITY_COST[item.severity], 0));
      return { scoring: { score }, recommendations: { items } };
    },

    async insights(actor) {
      const s = await snapshot(actor.tenantId);
      const items: Insight[] = [];
      const { totalUsers, mfaEnrolled, staleUsers, breachedPasswords } = s.users;
      const mfaCode =
        s.mfa.enforceMFAType === 'Force'
          ? 'MFA_FORCED'
          : s.mfa.enforceMFAType === 'ForceExceptSAML'
            ? 'PARTIALLY_FORCED_MFA'
            : totalUsers > 0 && mfaEnrolled === totalUsers
              ? 'FULL_MFA_USAGE'
              : 'PARTIAL_MFA_USAGE';
      // The SDK has no insight code of its own for inactivity: its count rides along with the MFA usage.
      items.push({
        code: mfaCode,
        category: 'MFA',
        metadata: {
          totalUsers,
          mfa: { enrolledUsersCount: mfaEnrolled },
          inactivity: { staleUsersCount: staleUsers },
        },
      });
      if (breachedPasswords > 0) {
        items.push({
          code: 'BREACHED_PASSWORD_USERS_EXIST',
          category: 'PASSWORD',
          metadata: { password: { breachedPasswordUsersCount: breachedPasswords } },
        });
      }
      const { lockout, history } = s.policies;
      const strongLockout = lockout.enabled && lockout.maxAttempts <= STRONG_LOCKOUT_MAX_ATTEMPTS;
      const strongHistory = history.enabled && history.historySize >= STRONG_HISTORY_SIZE;
      if (!strongLockout) items.push({ code: 'IMPROVE_LOCKOUT_POLICY', category: 'PASSWORD' });
      if (!strongHistory) items.push({ code: 'IMPROVE_PASSWORD_HISTORY_POLICY', category: 'PASSWORD' });
      if (strongLockout && strongHistory)
        items.push({ code: 'FULL_PASSWORD_SETTINGS', category: 'PASSWORD' });
      items.push({
        code:
          s.sessionSettings === 0
            ? 'NO_SESSION_SETTINGS'
            : s.sessionSettings === 3
              ? 'FULL_SESSION_SETTINGS'
              : 'PARTIAL_SESSION_SETTINGS',
        category: 'SESSIONS',
        metadata: { sessions: { configuredSessionSettings: s.sessionSettings } },
      });
      items.push({
        code: !s.restrictions?.ipActive
          ? 'NO_IP_RESTRICTIONS'
          : s.restrictions.ipStrategy === 'ALLOW'
            ? 'IP_ALLOWLIST'
            : 'IP_DENYLIST',
        category: 'IP',
        metadata: { restrictions: { ipsCount: s.ipsCount } },
      });
      items.push({
        code: !s.restrictions?.domainActive
          ? 'NO_DOMAIN_RESTRICTIONS'
          : s.restrictions.domainListType === 'ALLOW'
            ? 'DOMAIN_ALLOWLIST'
            : 'DOMAIN_DENYLIST',
        category: 'DOMAIN',
        metadata: { restrictions: { domainsCount: s.domainsCount } },
      });
      return { insights: { items } };
    },

    async resetBreachedPasswords(actor, passwordReset) {
      const breached = await listBreachedPasswordUsers(db, actor.tenantId);
      for (const user of breached) await passwordReset.requestReset(user.email, actor.meta);
      await recordAdminAudit(
        db,
        actor,
        auditEvents.breachedPasswordResetsSent,
        { description: `${breached.length} users`, json: { userIds: breached.map((user) => user.id) } },
        clock.now(),
      );
      return { sent: breached.length };
    },
  });
}
