import type { AuditSeverity } from '../../db/schema/index.js';

/** The MFA and step-up events of the audit log (every success and failure is recorded). */
export const mfaAuditEvents = {
  mfaRequired: { action: 'User passed the first factor, MFA required', severity: 'Info' },
  mfaSucceeded: { action: 'User logged in with MFA', severity: 'Info' },
  mfaFailed: { action: 'User failed MFA', severity: 'Medium' },
  mfaSkippedRememberedDevice: { action: 'User logged in from a remembered device', severity: 'Info' },
  mfaCodeSent: { action: 'MFA code sent', severity: 'Info' },
  mfaEnrolled: { action: 'User enrolled MFA', severity: 'Info' },
  mfaDisabled: { action: 'User disabled MFA', severity: 'Medium' },
  mfaRecovered: { action: 'User recovered MFA with a recovery code', severity: 'Critical' },
  mfaRecoveryFailed: { action: 'MFA recovery failed', severity: 'Medium' },
  mfaPolicyChanged: { action: 'MFA policy updated', severity: 'Info' },
  // Issue 14: the vendor's MFA strategies (every tenant's second factors) change with an audit row.
  mfaStrategyChanged: { action: 'MFA strategy changed', severity: 'High' },
  stepUpStarted: { action: 'Step-up started', severity: 'Info' },
  stepUpSucceeded: { action: 'User stepped up with MFA', severity: 'Info' },
} satisfies Record<string, { action: string; severity: AuditSeverity }>;
