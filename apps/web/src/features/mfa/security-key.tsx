import { lazy } from 'react';
import { isWebAuthnAvailable } from '../../lib/webauthn-available';
import type { MfaFlow } from '../../sdk';

// The security keys' buttons and their ceremonies load when the chooser offers a key, before it shows:
// the step's Suspense boundary shows its loader meanwhile (issue 17: the step-up page's chunk).
const SecurityKeyButtons = lazy(() =>
  import('./security-key-buttons').then((m) => ({ default: m.SecurityKeyButtons })),
);

const WEBAUTHN_STRATEGIES = ['WebAuthnCrossPlatform', 'WebAuthnPlatform'] as const;

/** 1 when the chooser offers a security key (to enroll or to verify with), else 0. */
export function securityKeyChoiceCount(flow: MfaFlow): number {
  const offered =
    flow.mode === 'enroll'
      ? flow.strategies.some((strategy) => (WEBAUTHN_STRATEGIES as readonly string[]).includes(strategy))
      : (flow.devices?.webauthn.length ?? 0) > 0;
  return offered && isWebAuthnAvailable() ? 1 : 0;
}

/**
 * Security keys in the MFA chooser (step verify): the SDK has no step of its own for WebAuthn, so
 * the ceremony runs from here. At enrollment one button adds a key; at login or step-up one
 * button per enrolled key verifies with it. The store then moves on (recoveryCode, or the app).
 */
export function SecurityKeyChoices({ flow }: { flow: MfaFlow }) {
  return securityKeyChoiceCount(flow) > 0 ? <SecurityKeyButtons flow={flow} /> : null;
}
