import { useAuth } from '@frontegg/react-hooks';

// On the login page's critical path (bundle budget): whether to load the social buttons at all. The
// providers themselves are read by the lazily loaded buttons (./social-login.ts).

/** A provider the login box offers: active, with the address its button leads to. */
export const isOfferedSocialLogin = (config: { active: boolean; authorizationUrl?: string | null }) =>
  config.active && Boolean(config.authorizationUrl);

/**
 * True when the vendor has an active social login (GET /identity/resources/sso/v2, which the store loads
 * when it starts).
 */
export function useSocialLoginsOffered(): boolean {
  return useAuth((auth) => auth.socialLoginState.socialLoginsConfigV2?.some(isOfferedSocialLogin) ?? false);
}
