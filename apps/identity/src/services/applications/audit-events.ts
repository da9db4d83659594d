import type { AuditSeverity } from '../../db/schema/index.js';

/** Issue 15: the vendor's applications (superuser console) and who of an account may open them. */
export const applicationsAuditEvents = {
  applicationCreated: { action: 'Application created', severity: 'High' },
  applicationUpdated: { action: 'Application updated', severity: 'High' },
  applicationDeleted: { action: 'Application deleted', severity: 'High' },
  applicationAssignedToAccount: { action: 'Application assigned to account', severity: 'High' },
  applicationUnassignedFromAccount: { action: 'Application unassigned from account', severity: 'High' },
  userAssignedToApplications: { action: 'User assigned to applications', severity: 'Info' },
  userUnassignedFromApplications: { action: 'User unassigned from applications', severity: 'Info' },
} satisfies Record<string, { action: string; severity: AuditSeverity }>;
