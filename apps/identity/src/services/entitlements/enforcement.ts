import { isEntitledToPermission, notEntitledMessages } from '@brizo/contract/entitlements';
import type { UserEntitlements } from '@brizo/contract/entities/entitlements';
import type { Db } from '../../db/client.js';
import { atomically } from '../../db/client.js';
import { updateVendorConfig } from '../../db/queries/vendor-config.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import type { VendorSettings } from '../vendor-settings.js';
import { entitlementsAuditEvents as events } from './audit-events.js';
import { recordVendorChange, type VendorCaller } from './vendor-caller.js';

// Issue 15, SPEC section 6: "An action needs the permission and the linked feature entitlement". With the
// vendor's entitlements turned on, an admin call whose permission some feature links is allowed only when
// the caller is entitled to one of those features; the evaluation is the contract's (the SDK's own).

/** A tenant API token is nobody: only the tenant's own entitlements count (no user row has this id). */
const NOBODY = '00000000-0000-0000-0000-000000000000';

export interface EntitlementEnforcement {
  /** Throws 403 ER-ENTITLEMENTS-NOT-ENTITLED when the actor may not use the permission's features. */
  assertEntitled(actor: AdminActor, permission: string): Promise<void>;
  /** Whether the vendor has turned entitlements on. */
  isEnabled(): Promise<boolean>;
  /** Turns them on or off (superuser), audited. */
  setEnabled(enabled: boolean, by: VendorCaller): Promise<boolean>;
}

export function createEntitlementEnforcement(deps: {
  db: Db;
  clock: Clock;
  vendorSettings: VendorSettings;
  userEntitlements: (userId: string, tenantId: string, permissions: string[]) => Promise<UserEntitlements>;
  /** The permissions some feature links (the entitlements service's cached catalogue). */
  linkedPermissions: () => Promise<Set<string>>;
}): EntitlementEnforcement {
  return {
    async assertEntitled(actor, permission) {
      if (actor.superUser) return;
      const vendor = await deps.vendorSettings.get();
      if (!vendor.entitlementsEnabled) return;
      if (!(await deps.linkedPermissions()).has(permission)) return;
      const person = actor.apiToken?.type === 'tenant' ? NOBODY : actor.userId;
      // The permission itself was checked by the access check (with the portal's wildcards).
      const context = await deps.userEntitlements(person, actor.tenantId, [permission]);
      const result = isEntitledToPermission(context, permission, {
        jwt: { id: actor.userId, email: actor.email, tenantId: actor.tenantId, roles: actor.roles },
      });
      if (!result.isEntitled)
        throw appError(errorCatalogue.entitlements.notEntitled, notEntitledMessages[result.justification]);
    },
    async isEnabled() {
      return (await deps.vendorSettings.get()).entitlementsEnabled;
    },
    async setEnabled(enabled, by) {
      await atomically(deps.db, async () => {
        const before = (await deps.vendorSettings.get()).entitlementsEnabled;
        await updateVendorConfig(deps.db, { entitlementsEnabled: enabled });
        await recordVendorChange(
          deps,
          by,
          events.entitlementsSettingUpdated,
          auditChange({ enabled: before }, { enabled }),
        );
      });
      deps.vendorSettings.invalidate();
      return enabled;
    },
  };
}
