import { useSecurityPolicyState } from '@frontegg/react-hooks';
import { SecondaryAuthStrategy } from '@frontegg/rest-api';
import { useFeatureFlag } from './feature-flags';

// What the login page itself needs to know about passkeys. The ceremonies' hooks are in
// ./webauthn.ts, imported by the lazily loaded screens only (login page bundle budget).

/**
 * True when the vendor offers passkeys (an active secondary auth strategy) and the 'show-passkeys-new'
 * flag (SPEC section 9, on by default) has not turned them off.
 */
export function usePasskeysOffered(): boolean {
  const shown = useFeatureFlag('show-passkeys-new');
  const policy = useSecurityPolicyState().publicAuthStrategyPolicy.policy;
  return (
    shown &&
    (policy?.secondaryAuthStrategies?.some(
      ({ strategy, isActive }) => isActive && strategy === SecondaryAuthStrategy.Passkeys,
    ) ??
      false)
  );
}
