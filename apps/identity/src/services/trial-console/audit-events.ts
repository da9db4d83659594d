import type { AuditSeverity } from '../../db/schema/index.js';

/** Issue 15: the superuser console's decisions on one person's access (recorded in the superuser's account). */
export const trialConsoleAuditEvents = {
  accountApproved: { action: 'Account approved', severity: 'High' },
  trialExtended: { action: 'Trial extended', severity: 'High' },
} satisfies Record<string, { action: string; severity: AuditSeverity }>;
