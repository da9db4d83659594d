import { useSecurityPolicyState } from '@frontegg/react-hooks';
import { SecondaryAuthStrategy } from '@frontegg/rest-api';

// What the login page itself needs to know about passkeys. The ceremonies' hooks are in
// ./webauthn.ts, imported by the lazily loaded screens only (login page bundle budget).

/** True when the vendor offers passkeys (an active secondary auth strategy). */
export function usePasskeysOffered(): boolean {
  const policy = useSecurityPolicyState().publicAuthStrategyPolicy.policy;
  return (
    policy?.secondaryAuthStrategies?.some(
      ({ strategy, isActive }) => isActive && strategy === SecondaryAuthStrategy.Passkeys,
    ) ?? false
  );
}
