import { useEffect, useRef } from 'react';
import { useSsoCallback } from '../../sdk/hooks/sso-callbacks';
import { SigningIn, SsoFailedCard } from './callback-card';
import { useCallbackParams } from './use-callback-params';

export const SSO_SIGNING_IN = 'Signing you in with single sign-on...';

/**
 * /account/saml/callback (SPEC section 2). The server has validated the identity provider's SAML response
 * and sends `?code=<one-time code>&RelayState=…` (or `?error=<reason>`). The code goes to the SAML
 * post-login; the store then lands the user as after any sign-in, or shows loginWithSSOFailed and goes
 * to the authenticated URL after 1 s (SPEC section 4), which this page also does for an `?error`.
 */
export function SamlCallbackPage() {
  const params = useCallbackParams();
  const { isReady, failed, releaseRedirects, fail, completeSaml } = useSsoCallback();
  const handled = useRef(false);

  useEffect(() => {
    if (!isReady || handled.current) return;
    // Once: the code is single-use, and StrictMode runs effects twice in development.
    handled.current = true;
    releaseRedirects();
    const code = params.get('code');
    // The server's reason is not shown: the address is anyone's to write, the message is ours.
    if (params.has('error') || !code) {
      fail();
      return;
    }
    void completeSaml({ code, relayState: params.get('RelayState') ?? '' });
  }, [isReady, params, releaseRedirects, fail, completeSaml]);

  return failed ? <SsoFailedCard /> : <SigningIn label={SSO_SIGNING_IN} />;
}
