import { adminSections, alwaysVisibleSections } from '@brizo/contract';
import { afterCommit, atomicMethods, type Db } from '../db/client.js';
import { updateVendorConfig } from '../db/queries/vendor-config.js';
import type { Clock } from '../lib/time.js';
import { assertVendorAdmin, type AdminActor } from './admin-access.js';
import { auditChange } from './audit-changes.js';
import { auditEvents, recordAdminAudit } from './audit.js';
import type { VendorSettings } from './vendor-settings.js';

type Json = Record<string, unknown>;

/**
 * The admin portal's sections (SPEC section 2, "Admin portal") and their default visibility:
 * the personal ones always, the rest by the user's permissions (the navigation permissions of
 * SPEC section 6).
 */
export const DEFAULT_ADMIN_BOX: Json = {
  navigation: Object.fromEntries(
    adminSections.map((section) => [
      section,
      { visibility: alwaysVisibleSections.includes(section) ? 'always' : 'byPermissions' },
    ]),
  ),
};

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects merge key by key; anything else in `over` replaces what is under it. */
export function mergeConfiguration(under: Json, over: Json): Json {
  const merged: Json = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isObject(current) && isObject(value) ? mergeConfiguration(current, value) : value;
  }
  return merged;
}

export interface AdminBoxService {
  /** What GET /metadata?entityName=adminBox answers: the defaults under the vendor's changes. */
  configuration(): Promise<Json>;
  /** The vendor's changes (navigation visibility, themeV2 field appearance), superuser only. */
  update(actor: AdminActor, changes: Json): Promise<Json>;
}

export function createAdminBoxService(deps: {
  db: Db;
  clock: Clock;
  vendorSettings: VendorSettings;
}): AdminBoxService {
  const configuration = async () =>
    mergeConfiguration(DEFAULT_ADMIN_BOX, (await deps.vendorSettings.get()).adminBox);
  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(deps.db, ['update'], {
    configuration,
    async update(actor, changes) {
      // Vendor-wide: a tenant administrator must not change every other tenant's portal.
      assertVendorAdmin(actor);
      const current = (await deps.vendorSettings.get()).adminBox;
      const next = mergeConfiguration(current, changes);
      await updateVendorConfig(deps.db, { adminBox: next, updatedAt: deps.clock.now() });
      // Not read back through the cache inside the transaction (a rollback would leave this process
      // serving what was never committed); dropped again once committed.
      deps.vendorSettings.invalidate();
      await afterCommit(async () => deps.vendorSettings.invalidate());
      await recordAdminAudit(
        deps.db,
        actor,
        auditEvents.adminBoxUpdated,
        { json: { ...changes, ...auditChange(current, next) } },
        deps.clock.now(),
      );
      return mergeConfiguration(DEFAULT_ADMIN_BOX, next);
    },
  });
}
