import { useSecurityPolicyState } from '@frontegg/react-hooks';

// Its own module: the login page's entry chunk needs only this, not the passwordless actions.

/** The vendor's public auth strategy (GET /configurations/v1/public), e.g. 'SmsCode'. */
export function usePublicAuthStrategy(): string | undefined {
  return useSecurityPolicyState().publicPolicy.policy?.authStrategy;
}
