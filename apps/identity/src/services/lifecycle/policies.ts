import { atomically, type Db } from '../../db/client.js';
import {
  findSecurityPolicies,
  upsertSecurityPolicy,
  VENDOR_SCOPE,
  type SecurityPolicyChanges,
  type SecurityPolicyRow,
} from '../../db/queries/security/security-policies.js';
import type { Clock } from '../../lib/time.js';
import { keyedTtlCache } from '../../lib/ttl-cache.js';
import { adminActorOf, assertPermission } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAudit, type RequestMeta } from '../audit.js';
import { sharedTenantCache, type InvalidationBus } from '../cluster/index.js';
import type { AccessTokenClaims } from '../tokens.js';

export type { SecurityPolicyChanges, SecurityPolicyRow };

/** The policies in force for one user's tenant (SPEC section 3 "Security policies"). */
export interface EffectivePolicies {
  lockout: { enabled: boolean; maxAttempts: number };
  history: { enabled: boolean; historySize: number };
  /** Minutes; undefined when no rotation policy is active. */
  rotation: { rotationPeriod: number; notificationPeriod: number } | undefined;
  recovery: { email: boolean; sms: boolean };
}

type PolicyValues = Required<SecurityPolicyChanges>;

const DEFAULTS: PolicyValues = {
  lockoutEnabled: false,
  lockoutMaxAttempts: 5,
  historyEnabled: false,
  historySize: 1,
  rotationActive: false,
  rotationPeriodMinutes: 129_600,
  rotationNotificationMinutes: 10_080,
  recoveryByEmail: true,
  recoveryBySms: false,
};

/**
 * Rotation: the smaller period when both the vendor's and the tenant's are active (SPEC section 5),
 * else whichever is active; the notification period goes with the chosen period.
 */
export function effectiveRotation(
  vendor: PolicyValues,
  tenant: PolicyValues | undefined,
): EffectivePolicies['rotation'] {
  const active = [vendor, tenant].filter((policy): policy is PolicyValues => !!policy?.rotationActive);
  if (active.length === 0) return undefined;
  const chosen = active.reduce((a, b) => (b.rotationPeriodMinutes < a.rotationPeriodMinutes ? b : a));
  return {
    rotationPeriod: chosen.rotationPeriodMinutes,
    notificationPeriod: chosen.rotationNotificationMinutes,
  };
}

export interface SecurityPolicyService {
  /** The stored row of a scope, or the defaults (not stored) when it has none. */
  get(scope: string): Promise<SecurityPolicyRow>;
  /** What applies to a user of this tenant: the tenant's row, else the vendor's, else the defaults. */
  effective(tenantId: string | null): Promise<EffectivePolicies>;
  /** The vendor's policies, which tenants without their own follow. */
  vendor(): Promise<SecurityPolicyRow>;
  /**
   * The scope a caller reads (write: false) or writes: a superuser's is the vendor's; a tenant
   * administrator's is their token's tenant, read with fe.secure.read.securityPolicy and written with
   * the write permission.
   */
  scopeOf(claims: AccessTokenClaims, meta: RequestMeta, write: boolean): string;
  /** Changes a scope's policies and audits the change in the caller's name, as `policy` with `json`. */
  change(
    caller: { claims: AccessTokenClaims; meta: RequestMeta },
    scope: string,
    changes: SecurityPolicyChanges,
    audit: { policy: string; json: Record<string, unknown> },
  ): Promise<SecurityPolicyRow>;
}

/** How long a tenant's policies are kept in memory; another server's change is seen within this. */
const POLICIES_CACHE_MS = 5000;

export function createSecurityPolicyService(deps: {
  db: Db;
  clock: Clock;
  /** Issue 16: a change drops the cached policies on every instance. */
  bus?: InvalidationBus | undefined;
}): SecurityPolicyService {
  const { db, clock } = deps;
  const withDefaults = (scope: string, row: SecurityPolicyRow | undefined) => {
    const now = clock.now();
    return row ?? { scope, ...DEFAULTS, createdAt: now, updatedAt: now };
  };
  const get = async (scope: string) => {
    const [row] = await findSecurityPolicies(db, [scope]);
    return withDefaults(scope, row);
  };
  const loadEffective = async (tenantId: string): Promise<EffectivePolicies> => {
    const rows = await findSecurityPolicies(db, tenantId ? [VENDOR_SCOPE, tenantId] : [VENDOR_SCOPE]);
    const vendor = withDefaults(
      VENDOR_SCOPE,
      rows.find((row) => row.scope === VENDOR_SCOPE),
    );
    const tenant = tenantId ? rows.find((row) => row.scope === tenantId) : undefined;
    const own = tenant ?? vendor;
    return {
      lockout: { enabled: own.lockoutEnabled, maxAttempts: own.lockoutMaxAttempts },
      history: { enabled: own.historyEnabled, historySize: own.historySize },
      rotation: effectiveRotation(vendor, tenant),
      recovery: { email: vendor.recoveryByEmail, sms: vendor.recoveryBySms },
    };
  };
  // Issue 17: read on every sign-in and changed rarely, so kept per tenant for a few seconds. A change
  // drops them on every instance; the vendor's drops every tenant's, since tenants without their own
  // follow it.
  const effectivePolicies = keyedTtlCache(loadEffective, clock, POLICIES_CACHE_MS);
  const forget = sharedTenantCache(deps.bus, 'security-policies', (scope) =>
    scope === undefined || scope === VENDOR_SCOPE
      ? effectivePolicies.clear()
      : effectivePolicies.forget(scope),
  );
  return {
    get,
    vendor: () => get(VENDOR_SCOPE),
    scopeOf(claims, meta, write) {
      if (claims.superUser) return VENDOR_SCOPE;
      const actor = adminActorOf(claims, meta);
      assertPermission(actor, write ? 'fe.secure.write.securityPolicy' : 'fe.secure.read.securityPolicy');
      return actor.tenantId;
    },
    async change({ claims, meta }, scope, changes, audit) {
      // Issue 14: the change and its audit row are one transaction; the row shows what changed.
      return atomically(db, async () => {
        const before = await get(scope);
        const row = await upsertSecurityPolicy(db, scope, changes, clock.now());
        // Dropped now and again once committed (the bus does both).
        forget(scope);
        const fields = (policy: SecurityPolicyRow) =>
          Object.fromEntries(
            Object.keys(changes).map((key) => [key, policy[key as keyof SecurityPolicyChanges]]),
          );
        await recordAudit(
          db,
          auditEvents.securityPolicyUpdated,
          meta,
          {
            userId: claims.sub,
            email: claims.email,
            tenantId: claims.tenantId,
            description: `${audit.policy} (${scope})`,
            json: { ...audit.json, ...auditChange(fields(before), fields(row)) },
          },
          clock.now(),
        );
        return row;
      });
    },
    effective: (tenantId) => effectivePolicies.get(tenantId ?? ''),
  };
}
