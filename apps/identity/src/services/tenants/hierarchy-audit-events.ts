import type { AuditSeverity } from '../../db/schema/index.js';

/**
 * Issue 15: changes to sub-accounts, recorded in the acting administrator's own account with the
 * sub-account they reached (json.subAccountId), so a parent's log shows what was done below it.
 */
export const hierarchyAuditEvents = {
  subAccountCreated: { action: 'Sub-account created', severity: 'Info' },
  subAccountUpdated: { action: 'Sub-account updated', severity: 'Info' },
  subAccountDeleted: { action: 'Sub-account deleted', severity: 'High' },
  subAccountManagementUpdated: { action: 'Sub-account management changed', severity: 'Medium' },
  subAccountHierarchySettingsUpdated: { action: 'Sub-account access type changed', severity: 'Medium' },
  subAccountUsersAdded: { action: 'Users added to sub-account', severity: 'Info' },
  subAccountUserRemoved: { action: 'User removed from sub-account', severity: 'Medium' },
  subAccountUserRolesUpdated: { action: 'Sub-account user roles updated', severity: 'Medium' },
  subAccountAccessUpdated: { action: 'Sub-account access changed', severity: 'Medium' },
} satisfies Record<string, { action: string; severity: AuditSeverity }>;
