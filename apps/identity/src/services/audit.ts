import type { Db } from '../db/client.js';
import { insertAuditLog, type NewAuditLog } from '../db/queries/audit-logs.js';
import type { AuditSeverity } from '../db/schema/index.js';
import { auditActionRecorded } from './observability/audit-taps.js';

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
  invitationResent: { action: 'Invitation resent', severity: 'Info' },
  invitationFailed: { action: 'Invitation acceptance failed', severity: 'Medium' },
  impersonationStarted: { action: 'Impersonation started', severity: 'High' },
  impersonationFailed: { action: 'Impersonation refused', severity: 'High' },
  // The admin portal (issue 4): each section adds its changes below, written with recordAdminAudit.
  adminBoxUpdated: { action: 'Admin portal configuration updated', severity: 'Info' },
  // The Users section (team administration).
  teamUserRolesUpdated: { action: 'User roles updated', severity: 'Info' },
  teamUserDisabled: { action: 'User disabled in the account', severity: 'Medium' },
  teamUserEnabled: { action: 'User enabled in the account', severity: 'Info' },
  teamUserLocked: { action: 'User locked by an administrator', severity: 'Medium' },
  teamUserSessionsRevoked: { action: "User's sessions revoked by an administrator", severity: 'Medium' },
  teamUserUnlocked: { action: 'User unlocked by an administrator', severity: 'Info' },
  teamUserRemoved: { action: 'User removed from the account', severity: 'Medium' },
  teamUserExpirationSet: { action: 'Temporary user expiration set', severity: 'Info' },
  teamUserMadePermanent: { action: 'Temporary user made permanent', severity: 'Info' },
  teamActivationResent: { action: 'Activation email resent by an administrator', severity: 'Info' },
  teamInviteLinkCreated: { action: 'Invite link created', severity: 'Info' },
  teamInviteLinkUpdated: { action: 'Invite link updated', severity: 'Info' },
  teamInviteLinkDeleted: { action: 'Invite link deleted', severity: 'Info' },
  teamInviteLinkSignUp: { action: 'User signed up with an invite link', severity: 'Info' },
  // Security section: the tenant's session policy and restrictions.
  sessionPolicyUpdated: { action: 'Session policy updated', severity: 'High' },
  ipRestrictionsConfigUpdated: { action: 'IP restrictions configuration updated', severity: 'High' },
  ipRestrictionSaved: { action: 'IP restriction saved', severity: 'High' },
  ipRestrictionDeleted: { action: 'IP restriction deleted', severity: 'High' },
  domainRestrictionsConfigUpdated: {
    action: 'Email domain restrictions configuration updated',
    severity: 'High',
  },
  domainRestrictionSaved: { action: 'Email domain restriction saved', severity: 'High' },
  domainRestrictionDeleted: { action: 'Email domain restriction deleted', severity: 'High' },
  ipRestrictionBlocked: { action: 'Access refused by IP restriction', severity: 'High' },
  breachedPasswordResetsSent: { action: 'Breached password reset emails sent', severity: 'High' },
  // Profile and Privacy: the signed-in user's own changes.
  profileUpdated: { action: 'User updated profile', severity: 'Info' },
  profilePictureUpdated: { action: 'User updated profile picture', severity: 'Info' },
  emailChangeRequested: { action: 'User requested email change', severity: 'Info' },
  emailChangeCodeRejected: { action: 'Email change code rejected', severity: 'Medium' },
  emailChanged: { action: 'User changed email', severity: 'High' },
  emailChangeReverted: { action: 'User reverted email change', severity: 'High' },
  reauthenticated: { action: 'User re-authenticated', severity: 'Info' },
  reauthenticationFailed: { action: 'User re-authentication failed', severity: 'Medium' },
  phoneNumberAdded: { action: 'User added phone number', severity: 'Info' },
  phoneNumberVerified: { action: 'User verified phone number', severity: 'Info' },
  phoneNumberCodeRejected: { action: 'Phone number code rejected', severity: 'Medium' },
  phoneNumberDeleted: { action: 'User deleted phone number', severity: 'Info' },
  phoneNumberDeleteRequested: { action: 'User asked to delete phone number', severity: 'Info' },
  sessionRevoked: { action: 'User revoked session', severity: 'Medium' },
  otherSessionsRevoked: { action: 'User revoked all other sessions', severity: 'Medium' },
  // groups, roles and account settings
  groupCreated: { action: 'Group created', severity: 'Info' },
  groupUpdated: { action: 'Group updated', severity: 'Info' },
  groupDeleted: { action: 'Group deleted', severity: 'Info' },
  groupRolesAdded: { action: 'Roles added to group', severity: 'Info' },
  groupRolesRemoved: { action: 'Roles removed from group', severity: 'Info' },
  groupUsersAdded: { action: 'Users added to group', severity: 'Info' },
  groupUsersRemoved: { action: 'Users removed from group', severity: 'Info' },
  groupsConfigurationUpdated: { action: 'Groups configuration updated', severity: 'Info' },
  roleCreated: { action: 'Role created', severity: 'Info' },
  roleUpdated: { action: 'Role updated', severity: 'Info' },
  roleDeleted: { action: 'Role deleted', severity: 'Info' },
  rolePermissionsUpdated: { action: 'Role permissions updated', severity: 'Info' },
  permissionRolesUpdated: { action: 'Permission assigned to roles', severity: 'Info' },
  accountSettingsUpdated: { action: 'Account settings updated', severity: 'Info' },
  customLoginUpdated: { action: 'Custom login box updated', severity: 'Info' },
  apiTokenCreated: { action: 'API token created', severity: 'Info' },
  apiTokenDeleted: { action: 'API token deleted', severity: 'Info' },
  apiTokenUpdated: { action: 'API token updated', severity: 'Info' },
  // Issue 13: SSO sign-ins and the SSO section.
  ssoLoginSucceeded: { action: 'User logged in with SSO', severity: 'Info' },
  ssoLoginFailed: { action: 'User failed to log in with SSO', severity: 'Medium' },
  ssoUserProvisioned: { action: 'User provisioned by SSO', severity: 'Info' },
  ssoLoginRefusedByPolicy: { action: 'Sign-in refused: SSO is enforced', severity: 'Medium' },
  ssoConfigurationCreated: { action: 'SSO configuration created', severity: 'High' },
  ssoConfigurationUpdated: { action: 'SSO configuration updated', severity: 'High' },
  ssoConfigurationDeleted: { action: 'SSO configuration deleted', severity: 'High' },
  ssoDomainAdded: { action: 'SSO domain added', severity: 'High' },
  ssoDomainDeleted: { action: 'SSO domain deleted', severity: 'High' },
  ssoDomainValidated: { action: 'SSO domain validated', severity: 'High' },
  ssoDomainValidationFailed: { action: 'SSO domain validation failed', severity: 'Medium' },
  ssoRolesUpdated: { action: 'SSO default roles updated', severity: 'High' },
  ssoGroupSaved: { action: 'SSO group saved', severity: 'High' },
  ssoGroupDeleted: { action: 'SSO group deleted', severity: 'High' },
  ssoPolicyUpdated: { action: 'SSO policy updated', severity: 'High' },
  ssoTestStarted: { action: 'SSO configuration test started', severity: 'Info' },
  // Issue 13: social sign-ins and the vendor's social provider configuration.
  socialLoginSucceeded: { action: 'User logged in with a social provider', severity: 'Info' },
  socialLoginFailed: { action: 'User failed to log in with a social provider', severity: 'Medium' },
  socialSignedUp: { action: 'User signed up with a social provider', severity: 'Info' },
  socialIdentityLinked: { action: 'Social identity linked to the account', severity: 'Medium' },
  socialConfigurationUpdated: { action: 'Social login configuration updated', severity: 'High' },
  socialConfigurationDeleted: { action: 'Social login configuration deleted', severity: 'High' },
  // Issue 13: SCIM provisioning (the Provisioning section and the SCIM 2.0 server).
  scimDirectoryCreated: { action: 'SCIM directory created', severity: 'High' },
  scimDirectoryUpdated: { action: 'SCIM directory updated', severity: 'High' },
  scimDirectoryDeleted: { action: 'SCIM directory deleted', severity: 'High' },
  scimTokenRotated: { action: 'SCIM directory token rotated', severity: 'High' },
  scimUserProvisioned: { action: 'User provisioned by SCIM', severity: 'Info' },
  scimUserUpdated: { action: 'User updated by SCIM', severity: 'Info' },
  scimUserDeprovisioned: { action: 'User deprovisioned by SCIM', severity: 'Medium' },
  scimUserReactivated: { action: 'User reactivated by SCIM', severity: 'Info' },
  scimUserDeleted: { action: 'User deleted by SCIM', severity: 'Medium' },
  scimGroupProvisioned: { action: 'Group provisioned by SCIM', severity: 'Info' },
  scimGroupUpdated: { action: 'Group updated by SCIM', severity: 'Info' },
  scimGroupDeleted: { action: 'Group deleted by SCIM', severity: 'Medium' },
  // OpenID Connect: a callback refused by its checks, and a live test's outcome.
  oidcCallbackRejected: { action: 'OpenID Connect sign-in rejected', severity: 'Medium' },
  oidcTestCompleted: { action: 'OpenID Connect configuration tested', severity: 'Info' },
  // SAML sign-ins (auth/methods/saml): what the assertion consumer refused, and why (json.reason).
  samlResponseRefused: { action: 'SAML response refused', severity: 'Medium' },
  samlSignatureRefused: { action: 'SAML response with an invalid signature refused', severity: 'High' },
  samlAssertionReplayed: { action: 'Replayed SAML assertion refused', severity: 'High' },
  samlTestCompleted: { action: 'SAML configuration tested', severity: 'Info' },
  // Issue 14: usage and reports (the Usage section's Reports tab and the scheduled-reports job).
  reportScheduleSaved: { action: 'Report schedule saved', severity: 'Info' },
  reportSent: { action: 'Report sent', severity: 'Info' },
  scheduledReportSent: { action: 'Scheduled report sent', severity: 'Info' },
  // Issue 14, Audit logs: each API-token exchange (buffered: services/audits/buffer.ts), the retention.
  apiTokenExchanged: { action: 'API token exchanged for an access token', severity: 'Info' },
  auditRetentionUpdated: { action: 'Audit log retention updated', severity: 'High' },
  // Issue 14: connectivity (webhooks, the email and SMS channels, Slack), services/connectivity.
  webhookCreated: { action: 'Webhook created', severity: 'High' },
  webhookUpdated: { action: 'Webhook updated', severity: 'High' },
  webhookDeleted: { action: 'Webhook deleted', severity: 'Medium' },
  webhookDeliveryRetried: { action: 'Webhook delivery retried', severity: 'Info' },
  webhookDeliveryFailed: { action: 'Webhook delivery failed', severity: 'Medium' },
  notificationChannelSaved: { action: 'Event notification channel saved', severity: 'Medium' },
  notificationChannelDeleted: { action: 'Event notification channel deleted', severity: 'Medium' },
  slackConnected: { action: 'Slack workspace connected', severity: 'High' },
  slackDisconnected: { action: 'Slack workspace disconnected', severity: 'Medium' },
  slackSubscriptionSaved: { action: 'Slack subscription saved', severity: 'Medium' },
  slackSubscriptionDeleted: { action: 'Slack subscription deleted', severity: 'Medium' },
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
  auditActionRecorded(event.action);
}

/** The acting administrator, as services/admin-access.ts describes them. */
export interface AuditActor {
  userId: string;
  email: string;
  tenantId: string;
  meta: RequestMeta;
}

/**
 * An administrator's change, in their tenant's audit log: who (userId, email), what (action, and
 * `json` with the target's ids and the changed fields), when, and from where (ip, user agent).
 */
export async function recordAdminAudit(
  db: Db,
  actor: AuditActor,
  event: AuditEvent,
  details: { description?: string; json?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await recordAudit(
    db,
    event,
    actor.meta,
    { ...details, email: actor.email, userId: actor.userId, tenantId: actor.tenantId },
    now,
  );
}
