import type { FeatureFlag, VendorFlag } from '@brizo/contract/entities/entitlements';
import { evaluateFlag, type EvaluationAttributes } from '@brizo/contract/entitlements';
import type { Db } from '../../db/client.js';
import { atomically } from '../../db/client.js';
import {
  findFeatureFlag,
  listFeatureFlags,
  updateFeatureFlag,
  type FeatureFlagRow,
} from '../../db/queries/entitlements.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { ttlCached } from '../../lib/ttl-cache.js';
import { sharedTtlCache, type InvalidationBus } from '../cluster/index.js';
import { auditChange } from '../audit-changes.js';
import { entitlementsAuditEvents } from './audit-events.js';
import { recordVendorChange, type VendorCaller } from './vendor-caller.js';

export type FlagChanges = Partial<
  Pick<VendorFlag, 'on' | 'offTreatment' | 'defaultTreatment' | 'rules' | 'description'>
>;

const flagOf = (row: FeatureFlagRow): FeatureFlag => ({
  on: row.on,
  offTreatment: row.offTreatment,
  defaultTreatment: row.defaultTreatment,
  rules: row.rules,
});

/** What the console changes of a flag (and the audit row compares). */
const settingsOf = (row: FeatureFlagRow) => ({ description: row.description, ...flagOf(row) });

const flagView = (row: FeatureFlagRow): VendorFlag => ({
  key: row.key,
  ...settingsOf(row),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The vendor-level feature flags (SPEC section 9; the migration seeds their defaults). GET /flags reads
 * them on every page load of the SDK, so they are cached: this process reloads them at once after its
 * own change, and sees another server's change within `ttlMs` (as services/vendor-settings.ts does).
 */
export function createFlagsService(deps: {
  db: Db;
  clock: Clock;
  ttlMs?: number;
  /** Issue 16: a change drops the flags on every instance. */
  bus?: InvalidationBus;
}) {
  const { db, clock } = deps;
  const cached = sharedTtlCache(
    deps.bus,
    'feature-flags',
    ttlCached(() => listFeatureFlags(db), clock, deps.ttlMs ?? 5000),
  );

  return {
    /** Each flag's treatment for these attributes: name → on|off. */
    async evaluate(attributes: EvaluationAttributes): Promise<Record<string, 'on' | 'off'>> {
      return Object.fromEntries(
        (await cached.get()).map((row) => [row.key, evaluateFlag(flagOf(row), attributes)]),
      );
    },
    async list(): Promise<VendorFlag[]> {
      return (await listFeatureFlags(db)).map(flagView);
    },
    async update(key: string, changes: FlagChanges, by: VendorCaller): Promise<VendorFlag> {
      const updated = await atomically(db, async () => {
        const before = await findFeatureFlag(db, key);
        if (!before) throw appError(errorCatalogue.entitlements.flagNotFound);
        const now = clock.now();
        const after = await updateFeatureFlag(db, key, { ...changes, updatedAt: now });
        if (!after) throw appError(errorCatalogue.entitlements.flagNotFound);
        await recordVendorChange(deps, by, entitlementsAuditEvents.featureFlagUpdated, {
          key,
          ...auditChange(settingsOf(before), settingsOf(after)),
        });
        return after;
      });
      cached.invalidate();
      return flagView(updated);
    },
  };
}
export type FlagsService = ReturnType<typeof createFlagsService>;
