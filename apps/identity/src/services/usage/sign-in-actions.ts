import type { SignInMethod } from '@brizo/contract/entities/usage';
import { passkeyAuditEvents } from '../../auth/methods/passkeys/service.js';
import { passwordlessAuditEvents } from '../../auth/passwordless/service.js';
import { mfaAuditEvents } from '../../auth/second-factor/audit-events.js';
import { auditEvents } from '../audit.js';
import { oauthAuditEvents } from '../oauth/authorization-server.js';

// Usage counts what the server already records: each sign-in method writes its own audit action when
// a session starts (services/sessions.ts start), so the action says how the person signed in. A
// sign-in that needed a second factor is recorded once, as "with MFA", whatever its first factor.

/** The audit action of a successful sign-in, by method. */
export const signInActions: Record<SignInMethod, string> = {
  password: auditEvents.loginSucceeded.action,
  passwordless: passwordlessAuditEvents.loginSucceeded.action,
  passkey: passkeyAuditEvents.passkeyLogin.action,
  sso: auditEvents.ssoLoginSucceeded.action,
  social: auditEvents.socialLoginSucceeded.action,
  hostedLogin: oauthAuditEvents.codeExchanged.action,
  mfa: mfaAuditEvents.mfaSucceeded.action,
};

/** The method of a successful sign-in's action. */
export const methodOfAction: ReadonlyMap<string, SignInMethod> = new Map(
  Object.entries(signInActions).map(([method, action]) => [action, method as SignInMethod]),
);

/** The audit action of a refused sign-in (wrong password, code, passkey, SSO answer or second factor), by method. */
export const failedSignInActionsByMethod: Partial<Record<SignInMethod, string>> = {
  password: auditEvents.loginFailed.action,
  passwordless: passwordlessAuditEvents.loginFailed.action,
  passkey: passkeyAuditEvents.passkeyLoginFailed.action,
  sso: auditEvents.ssoLoginFailed.action,
  social: auditEvents.socialLoginFailed.action,
  mfa: mfaAuditEvents.mfaFailed.action,
};

export const failedSignInActions: readonly string[] = Object.values(failedSignInActionsByMethod);

/** Accounts locked, by the lockout policy or by an administrator. */
export const lockoutActions: readonly string[] = [
  auditEvents.userLocked.action,
  auditEvents.teamUserLocked.action,
];

/**
 * The audit action of an API token's client-credentials exchange, when the server records one (the
 * audit writer names it in `auditEvents`); undefined while it does not, and the counts are then 0.
 */
export function apiTokenExchangeAction(): string | undefined {
  const events: Record<string, { action: string }> = auditEvents;
  const named = events.apiTokenExchanged;
  if (named) return named.action;
  return Object.values(events).find((event) => /^api token exchanged/i.test(event.action))?.action;
}
