import type { AuditSeverity } from '../../db/schema/index.js';

/** Issue 15: the superuser console's changes of plans, features, entitlements and feature flags. */
export const entitlementsAuditEvents = {
  planCreated: { action: 'Plan created', severity: 'High' },
  planUpdated: { action: 'Plan updated', severity: 'High' },
  planDeleted: { action: 'Plan deleted', severity: 'High' },
  featureCreated: { action: 'Feature created', severity: 'High' },
  featureUpdated: { action: 'Feature updated', severity: 'High' },
  featureDeleted: { action: 'Feature deleted', severity: 'High' },
  entitlementGranted: { action: 'Entitlement granted', severity: 'High' },
  entitlementRevoked: { action: 'Entitlement revoked', severity: 'High' },
  featureFlagUpdated: { action: 'Feature flag updated', severity: 'High' },
  entitlementsSettingUpdated: { action: 'Entitlements turned on or off', severity: 'High' },
} satisfies Record<string, { action: string; severity: AuditSeverity }>;
