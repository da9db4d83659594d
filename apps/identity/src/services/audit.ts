import type { Db } from '../db/client.js';
import { insertAuditLog, type NewAuditLog } from '../db/queries/audit-logs.js';
import type { AuditSeverity } from '../db/schema.js';

/** The authentication events we audit, with their action text and severity. */
export const auditEvents = {
  loginSucceeded: { action: 'User logged in', severity: 'Info' },
  loginFailed: { action: 'User failed to log in', severity: 'Medium' },
  logout: { action: 'User logged out', severity: 'Info' },
  signedUp: { action: 'User signed up', severity: 'Info' },
  signUpWithExistingEmail: { action: 'Sign up attempted with an existing email', severity: 'Medium' },
  activated: { action: 'User activated', severity: 'Info' },
  activationFailed: { action: 'User activation failed', severity: 'Medium' },
  activationResent: { action: 'Activation email resent', severity: 'Info' },
  passwordResetRequested: { action: 'Password reset requested', severity: 'Info' },
  passwordReset: { action: 'Password reset', severity: 'Info' },
  passwordResetFailed: { action: 'Password reset failed', severity: 'Medium' },
  refreshFailed: { action: 'Token refresh failed', severity: 'Medium' },
  refreshTokenReused: { action: 'Refresh token reuse detected, session revoked', severity: 'Critical' },
  // account lifecycle
  userLocked: { action: 'User locked after failed password attempts', severity: 'High' },
  userUnlocked: { action: 'User unlocked', severity: 'Info' },
  unlockFailed: { action: 'User unlock failed', severity: 'Medium' },
  breachedPasswordLogin: { action: 'User signed in with a breached password', severity: 'High' },
  passwordExpired: { action: 'User password expired', severity: 'Info' },
  passwordChanged: { action: 'User changed password', severity: 'Info' },
  passwordChangeFailed: { action: 'User failed to change password', severity: 'Medium' },
  securityPolicyUpdated: { action: 'Security policy updated', severity: 'Info' },
  passwordResetSmsSent: { action: 'Password reset code sent by SMS', severity: 'Info' },
  passwordResetSmsVerified: { action: 'Password reset code verified', severity: 'Info' },
  passwordResetSmsFailed: { action: 'Password reset code rejected', severity: 'Medium' },
  userInvited: { action: 'User invited', severity: 'Info' },
  invitationAccepted: { action: 'Invitation accepted', severity: 'Info' },
  invitationFailed: { action: 'Invitation acceptance failed', severity: 'Medium' },
  impersonationStarted: { action: 'Impersonation started', severity: 'High' },
  impersonationFailed: { action: 'Impersonation refused', severity: 'High' },
} satisfies Record<string, { action: string; severity: AuditSeverity }>;

export type AuditEvent = (typeof auditEvents)[keyof typeof auditEvents];

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface AuditDetails {
  email?: string | null;
  userId?: string | null;
  tenantId?: string | null;
  description?: string;
  json?: Record<string, unknown>;
}

export const auditEntry = (
  event: AuditEvent,
  meta: RequestMeta,
  details: AuditDetails,
  now: Date,
): NewAuditLog => ({
  action: event.action,
  severity: event.severity,
  description: details.description ?? '',
  email: details.email ?? null,
  userId: details.userId ?? null,
  tenantId: details.tenantId ?? null,
  json: details.json ?? {},
  ip: meta.ip,
  userAgent: meta.userAgent,
  createdAt: now,
});

export async function recordAudit(
  db: Db,
  event: AuditEvent,
  meta: RequestMeta,
  details: AuditDetails,
  now: Date,
): Promise<void> {
  await insertAuditLog(db, auditEntry(event, meta, details, now));
}
