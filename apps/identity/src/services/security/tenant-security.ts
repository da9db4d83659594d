import { atomicMethods, type Db } from '../../db/client.js';
import {
  deleteEmailDomainRestriction,
  insertEmailDomainRestriction,
  listEmailDomainRestrictions,
  type EmailDomainRestrictionRow,
} from '../../db/queries/security/email-domain-restrictions.js';
import {
  findRestrictionConfig,
  upsertRestrictionConfig,
} from '../../db/queries/security/restriction-configs.js';
import {
  findSessionPolicy,
  revokeSessionsBeyondLimit,
  upsertSessionPolicy,
  type SessionPolicyChanges,
  type SessionPolicyRow,
} from '../../db/queries/security/session-policies.js';
import type { RestrictionType } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { keyedTtlCache } from '../../lib/ttl-cache.js';
import type { AdminActor } from '../admin-access.js';
import { sharedTenantCache, type InvalidationBus } from '../cluster/index.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit } from '../audit.js';
import { emailDomain, isPersonalEmail } from './email-domains.js';

/** The wire shape of the session policy (the SDK's ISessionConfigurations); timeouts in seconds. */
export interface SessionPolicyView {
  sessionIdleTimeoutConfiguration: { isActive: boolean; timeout: number };
  sessionTimeoutConfiguration: { isActive: boolean; timeout: number };
  sessionConcurrentConfiguration: { isActive: boolean; maxSessions: number };
}
export type SessionPolicyChange = Partial<SessionPolicyView>;

export interface DomainConfigView {
  active: boolean;
  listType: RestrictionType;
  blockPublicDomains: boolean;
}
export interface DomainRestrictionView {
  id: string;
  domain: string;
  type: RestrictionType;
}

export interface TenantSecurityService {
  sessionPolicy(tenantId: string): Promise<SessionPolicyView>;
  saveSessionPolicy(actor: AdminActor, change: SessionPolicyChange): Promise<SessionPolicyView>;
  /** Whether the tenant's session policy caps its users' concurrent sessions (cached). */
  limitsSessions(tenantId: string | null): Promise<boolean>;
  /** After a sign-in: ends the user's oldest sessions beyond the tenant's max concurrent sessions (their ids). */
  enforceSessionLimit(userId: string, tenantId: string | null): Promise<string[]>;

  domainConfig(actor: AdminActor): Promise<DomainConfigView>;
  saveDomainConfig(
    actor: AdminActor,
    change: { active: boolean; blockPublicDomains?: boolean | undefined; type?: RestrictionType | undefined },
  ): Promise<DomainConfigView>;
  domainRestrictions(actor: AdminActor): Promise<{ items: DomainRestrictionView[] }>;
  saveDomainRestriction(
    actor: AdminActor,
    input: { domain: string; type: RestrictionType },
  ): Promise<DomainRestrictionView>;
  removeDomainRestriction(actor: AdminActor, id: string): Promise<void>;
  /** Invitations into the tenant and sign-ups into it: 403 when the tenant's domain rules refuse the email. */
  assertEmailAllowed(tenantId: string, email: string): Promise<void>;
}

// SPEC section 9 defaults when a tenant has no row: everything off.
const sessionView = (row: SessionPolicyRow | undefined): SessionPolicyView => ({
  sessionIdleTimeoutConfiguration: {
    isActive: row?.idleTimeoutActive ?? false,
    timeout: row?.idleTimeoutSeconds ?? 1800,
  },
  sessionTimeoutConfiguration: {
    isActive: row?.absoluteTimeoutActive ?? false,
    timeout: row?.absoluteTimeoutSeconds ?? 86400,
  },
  sessionConcurrentConfiguration: {
    isActive: row?.concurrentSessionsActive ?? false,
    maxSessions: row?.maxConcurrentSessions ?? 1,
  },
});

const domainView = (row: EmailDomainRestrictionRow): DomainRestrictionView => ({
  id: row.id,
  domain: row.domain,
  type: row.type,
});

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

/** A domain as the lists keep it (lower case, without a leading @), or undefined when it is none. */
export function canonicalEmailDomain(input: string): string | undefined {
  const domain = input.trim().toLowerCase().replace(/^@/, '');
  return DOMAIN_PATTERN.test(domain) ? domain : undefined;
}

/** A tenant's email-domain rules: the list settings and the entries of both lists. */
export interface EmailDomainRules {
  active: boolean;
  listType: RestrictionType;
  blockPublicDomains: boolean;
  entries: Pick<EmailDomainRestrictionRow, 'domain' | 'type'>[];
}

/** The verdict of a tenant's domain rules on an email. An empty allow list restricts nothing. */
export function emailDomainAllowed(rules: EmailDomainRules, email: string): boolean {
  if (!rules.active) return true;
  if (rules.blockPublicDomains && isPersonalEmail(email)) return false;
  const domain = emailDomain(email);
  const list = rules.entries.filter((entry) => entry.type === rules.listType);
  const listed = list.some((entry) => entry.domain === domain);
  return rules.listType === 'ALLOW' ? list.length === 0 || listed : !listed;
}

/**
 * The tenant's email-domain rules (SPEC section 3 "Domain config"), for whoever adds a person to the
 * tenant: 403 when they refuse the address.
 */
export async function assertEmailDomainAllowed(db: Db, tenantId: string, email: string): Promise<void> {
  const config = await findRestrictionConfig(db, tenantId);
  if (!config?.domainActive) return;
  const rules: EmailDomainRules = {
    active: config.domainActive,
    listType: config.domainListType,
    blockPublicDomains: config.domainBlockPublic,
    entries: await listEmailDomainRestrictions(db, tenantId),
  };
  if (!emailDomainAllowed(rules, email)) throw appError(errorCatalogue.securityAdmin.domainRestricted);
}

/** Sign-ins read whether the tenant limits sessions at most this often; a change here applies at once. */
const LIMIT_CACHE_SECONDS = 5;
const MAX_CACHED_TENANTS = 10_000;

export function createTenantSecurityService(deps: {
  db: Db;
  clock: Clock;
  /** Issue 16: a session policy change drops the tenant's entry on every instance. */
  bus?: InvalidationBus;
}): TenantSecurityService {
  const { db, clock } = deps;
  // Most tenants set no session limit: their sign-ins should not pay a write for it.
  const limited = keyedTtlCache(
    async (tenantId) => (await findSessionPolicy(db, tenantId))?.concurrentSessionsActive ?? false,
    clock,
    LIMIT_CACHE_SECONDS * 1000,
    MAX_CACHED_TENANTS,
  );
  const forget = sharedTenantCache(deps.bus, 'session-limits', (tenantId) =>
    tenantId === undefined ? limited.clear() : limited.forget(tenantId),
  );
  const limitsSessions = async (tenantId: string | null): Promise<boolean> =>
    tenantId !== null && (await limited.get(tenantId));

  const domainConfigOf = async (tenantId: string): Promise<DomainConfigView> => {
    const row = await findRestrictionConfig(db, tenantId);
    return {
      active: row?.domainActive ?? false,
      listType: row?.domainListType ?? 'ALLOW',
      blockPublicDomains: row?.domainBlockPublic ?? false,
    };
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  const changes = [
    'saveSessionPolicy',
    'saveDomainConfig',
    'saveDomainRestriction',
    'removeDomainRestriction',
  ] as const;
  return atomicMethods(db, changes, {
    async sessionPolicy(tenantId) {
      return sessionView(await findSessionPolicy(db, tenantId));
    },

    async saveSessionPolicy(actor, change) {
      const idle = change.sessionIdleTimeoutConfiguration;
      const absolute = change.sessionTimeoutConfiguration;
      const concurrent = change.sessionConcurrentConfiguration;
      const changes: SessionPolicyChanges = {
        ...(idle ? { idleTimeoutActive: idle.isActive, idleTimeoutSeconds: idle.timeout } : {}),
        ...(absolute
          ? { absoluteTimeoutActive: absolute.isActive, absoluteTimeoutSeconds: absolute.timeout }
          : {}),
        ...(concurrent
          ? { concurrentSessionsActive: concurrent.isActive, maxConcurrentSessions: concurrent.maxSessions }
          : {}),
      };
      const before = sessionView(await findSessionPolicy(db, actor.tenantId));
      const row = await upsertSessionPolicy(db, actor.tenantId, changes, clock.now());
      forget(actor.tenantId);
      await recordAdminAudit(
        db,
        actor,
        auditEvents.sessionPolicyUpdated,
        { json: { ...change, ...auditChange(before, sessionView(row)) } },
        clock.now(),
      );
      return sessionView(row);
    },

    limitsSessions,

    async enforceSessionLimit(userId, tenantId) {
      if (!tenantId || !(await limitsSessions(tenantId))) return [];
      return revokeSessionsBeyondLimit(db, { userId, tenantId, now: clock.now() });
    },

    domainConfig: (actor) => domainConfigOf(actor.tenantId),

    async saveDomainConfig(actor, change) {
      const before = await domainConfigOf(actor.tenantId);
      const row = await upsertRestrictionConfig(
        db,
        actor.tenantId,
        {
          domainActive: change.active,
          ...(change.blockPublicDomains === undefined
            ? {}
            : { domainBlockPublic: change.blockPublicDomains }),
          ...(change.type === undefined ? {} : { domainListType: change.type }),
        },
        clock.now(),
      );
      const after = {
        active: row.domainActive,
        listType: row.domainListType,
        blockPublicDomains: row.domainBlockPublic,
      };
      await recordAdminAudit(
        db,
        actor,
        auditEvents.domainRestrictionsConfigUpdated,
        { json: { ...change, ...auditChange(before, after) } },
        clock.now(),
      );
      return after;
    },

    async domainRestrictions(actor) {
      return { items: (await listEmailDomainRestrictions(db, actor.tenantId)).map(domainView) };
    },

    async saveDomainRestriction(actor, input) {
      const domain = canonicalEmailDomain(input.domain);
      if (!domain) throw appError(errorCatalogue.securityAdmin.invalidDomain);
      const row = await insertEmailDomainRestriction(db, {
        tenantId: actor.tenantId,
        domain,
        type: input.type,
        now: clock.now(),
      });
      await recordAdminAudit(
        db,
        actor,
        auditEvents.domainRestrictionSaved,
        {
          description: `${row.type} ${row.domain}`,
          json: { id: row.id, domain, type: row.type, ...auditChange(null, { domain, type: row.type }) },
        },
        clock.now(),
      );
      return domainView(row);
    },

    async removeDomainRestriction(actor, id) {
      const removed = await deleteEmailDomainRestriction(db, actor.tenantId, id);
      if (!removed) throw appError(errorCatalogue.securityAdmin.domainRestrictionNotFound);
      await recordAdminAudit(
        db,
        actor,
        auditEvents.domainRestrictionDeleted,
        {
          description: `${removed.type} ${removed.domain}`,
          json: { id, ...auditChange({ domain: removed.domain, type: removed.type }, null) },
        },
        clock.now(),
      );
    },

    assertEmailAllowed: (tenantId, email) => assertEmailDomainAllowed(db, tenantId, email),
  });
}
