import type { AccessTokenClaims, AuthenticationClaims } from '../../services/tokens.js';

/** The acr of a multi-factor authentication (SPEC section 5 step-up; the SDK's ACR_VALUE). */
export const STEP_UP_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

/** amr values of a second factor that satisfy step-up: a one-time code, an SMS code, a hardware key. */
export const STEP_UP_METHODS = ['otp', 'sms', 'hwk'] as const;

/** amr of each way to pass MFA; a recovery code signs in but does not step up. */
export const MFA_METHOD_AMR = {
  authenticator: ['mfa', 'otp'],
  email: ['mfa', 'otp'],
  sms: ['mfa', 'sms'],
  webauthn: ['mfa', 'hwk'],
  recoveryCode: ['mfa', 'rcv'],
} as const satisfies Record<string, readonly string[]>;
export type MfaMethod = keyof typeof MFA_METHOD_AMR;

export const authenticationClaims = (method: MfaMethod, now: Date): AuthenticationClaims => ({
  amr: [...MFA_METHOD_AMR[method]],
  acr: STEP_UP_ACR,
  auth_time: Math.floor(now.getTime() / 1000),
});

/**
 * SPEC section 5: step-up holds only if acr matches, amr includes mfa and one of the step-up
 * methods, and auth_time is within maxAge (seconds) when one is given.
 */
export function isSteppedUp(
  claims: Pick<AccessTokenClaims, 'acr' | 'amr' | 'auth_time'>,
  now: Date,
  maxAge?: number,
): boolean {
  const amr = claims.amr ?? [];
  if (claims.acr !== STEP_UP_ACR) return false;
  if (!amr.includes('mfa')) return false;
  if (!STEP_UP_METHODS.some((method) => amr.includes(method))) return false;
  if (maxAge !== undefined) {
    if (claims.auth_time === undefined) return false;
    if (now.getTime() / 1000 - claims.auth_time > maxAge) return false;
  }
  return true;
}
