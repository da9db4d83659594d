import { mfaStrategies, type MfaStrategy } from '@brizo/contract';
import { atomically, type Db } from '../../db/client.js';
import {
  findMfaPolicy,
  findMfaStrategies,
  upsertMfaPolicy,
  upsertMfaStrategy,
} from '../../db/queries/mfa.js';
import type { EnforceMfaType } from '@brizo/contract';
import type { Clock } from '../../lib/time.js';
import { keyedTtlCache } from '../../lib/ttl-cache.js';
import { auditChange } from '../../services/audit-changes.js';
import { recordAdminAudit, recordAudit, type AuditActor, type RequestMeta } from '../../services/audit.js';
import { sharedTenantCache, type InvalidationBus } from '../../services/cluster/index.js';
import type { AccessTokenClaims } from '../../services/tokens.js';
import { mfaAuditEvents } from './audit-events.js';

export interface MfaPolicy {
  id: string | null;
  enforceMFAType: EnforceMfaType;
  allowRememberMyDevice: boolean;
  /** Seconds a remembered device skips MFA. */
  mfaDeviceExpiration: number;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The trusted-device period (SPEC section 9 says days; Frontegg's wire value is seconds). */
export const DEFAULT_TRUSTED_DEVICE_DAYS = 14;

/** A tenant without a policy of its own: MFA optional, devices may be remembered for 14 days. */
export const DEFAULT_MFA_POLICY: MfaPolicy = {
  id: null,
  enforceMFAType: 'DontForce',
  allowRememberMyDevice: true,
  mfaDeviceExpiration: DEFAULT_TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
  createdAt: null,
  updatedAt: null,
};

export interface MfaPolicyService {
  forTenant(tenantId: string | null): Promise<MfaPolicy>;
  save(
    tenantId: string,
    changes: Partial<Omit<MfaPolicy, 'id' | 'createdAt' | 'updatedAt'>>,
  ): Promise<MfaPolicy>;
  /** An administrator's change of their tenant's policy: saved with its audit row, in one transaction. */
  change(
    actor: AuditActor,
    changes: Partial<Omit<MfaPolicy, 'id' | 'createdAt' | 'updatedAt'>>,
  ): Promise<MfaPolicy>;
  /** Every strategy with its state (the vendor's configuration). */
  strategies(): Promise<{ strategy: MfaStrategy; isActive: boolean }[]>;
  activeStrategies(): Promise<MfaStrategy[]>;
  /** The vendor's switch of a strategy, audited in the superuser's name when `by` is given. */
  setStrategy(
    strategy: MfaStrategy,
    isActive: boolean,
    by?: { claims: AccessTokenClaims; meta: RequestMeta },
  ): Promise<void>;
}

const isStrategy = (value: string): value is MfaStrategy =>
  (mfaStrategies as readonly string[]).includes(value);

/** How long a tenant's policy is kept in memory; another server's change is seen within this. */
const POLICY_CACHE_MS = 5000;

export function createMfaPolicyService(deps: {
  db: Db;
  clock: Clock;
  /** Issue 16: a change drops the cached policy on every instance. */
  bus?: InvalidationBus | undefined;
}): MfaPolicyService {
  const { db, clock } = deps;

  const load = async (tenantId: string): Promise<MfaPolicy> => {
    const row = await findMfaPolicy(db, tenantId);
    if (!row) return DEFAULT_MFA_POLICY;
    return {
      id: row.id,
      enforceMFAType: row.enforceMfaType,
      allowRememberMyDevice: row.allowRememberMyDevice,
      mfaDeviceExpiration: row.mfaDeviceExpiration,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };
  // Issue 17: read on every sign-in and changed rarely, so kept per tenant for a few seconds.
  const cached = keyedTtlCache(load, clock, POLICY_CACHE_MS);
  const forget = sharedTenantCache(deps.bus, 'mfa-policies', (tenantId) =>
    tenantId === undefined ? cached.clear() : cached.forget(tenantId),
  );
  const forTenant = async (tenantId: string | null): Promise<MfaPolicy> =>
    tenantId ? cached.get(tenantId) : DEFAULT_MFA_POLICY;

  const strategies = async () =>
    (await findMfaStrategies(db)).flatMap((row) =>
      isStrategy(row.strategy) ? [{ strategy: row.strategy, isActive: row.isActive }] : [],
    );

  /** The policy's settings, as the audit log's before and after show them. */
  const settingsOf = (policy: MfaPolicy) => ({
    enforceMFAType: policy.enforceMFAType,
    allowRememberMyDevice: policy.allowRememberMyDevice,
    mfaDeviceExpiration: policy.mfaDeviceExpiration,
  });

  const service: MfaPolicyService = {
    forTenant,
    async save(tenantId, changes) {
      const current = await load(tenantId);
      await upsertMfaPolicy(
        db,
        {
          tenantId,
          enforceMfaType: changes.enforceMFAType ?? current.enforceMFAType,
          allowRememberMyDevice: changes.allowRememberMyDevice ?? current.allowRememberMyDevice,
          mfaDeviceExpiration: changes.mfaDeviceExpiration ?? current.mfaDeviceExpiration,
        },
        clock.now(),
      );
      forget(tenantId);
      return load(tenantId);
    },
    change(actor, changes) {
      return atomically(db, async () => {
        const before = await load(actor.tenantId);
        const after = await service.save(actor.tenantId, changes);
        await recordAdminAudit(
          db,
          actor,
          mfaAuditEvents.mfaPolicyChanged,
          { json: { ...changes, ...auditChange(settingsOf(before), settingsOf(after)) } },
          clock.now(),
        );
        return after;
      });
    },
    strategies,
    async activeStrategies() {
      return (await strategies()).filter((entry) => entry.isActive).map((entry) => entry.strategy);
    },
    async setStrategy(strategy, isActive, by) {
      await atomically(db, async () => {
        const wasActive =
          (await strategies()).find((entry) => entry.strategy === strategy)?.isActive ?? false;
        await upsertMfaStrategy(db, strategy, isActive, clock.now());
        if (!by) return;
        await recordAudit(
          db,
          mfaAuditEvents.mfaStrategyChanged,
          by.meta,
          {
            userId: by.claims.sub,
            email: by.claims.email,
            tenantId: by.claims.tenantId,
            description: `${strategy} ${isActive ? 'on' : 'off'}`,
            json: { strategy, ...auditChange({ isActive: wasActive }, { isActive }) },
          },
          clock.now(),
        );
      });
    },
  };
  return service;
}
