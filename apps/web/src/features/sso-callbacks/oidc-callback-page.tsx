import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useSsoCallback } from '../../sdk/hooks/sso-callbacks';
import { SigningIn, SsoFailedCard } from './callback-card';
import { SSO_SIGNING_IN } from './saml-callback-page';
import { useCallbackParams } from './use-callback-params';

/**
 * /account/oidc/callback (SPEC section 2). The identity provider sends `?code&state&iss` (RFC 9207) or
 * `?error=…&state`. The code goes to the OIDC post-login (v2) with the state as RelayState and this
 * page as redirectUri; the store then lands the user as after any sign-in. An answer carrying a test
 * report means the SSO section's live test came back here: its report page shows what was checked.
 * A failure shows loginWithSSOFailed, then the authenticated URL after 1 s (SPEC section 4).
 */
export function OidcCallbackPage() {
  const params = useCallbackParams();
  const navigate = useNavigate();
  const { isReady, failed, releaseRedirects, fail, completeOidc } = useSsoCallback();
  const handled = useRef(false);
  const [detail, setDetail] = useState<string | null>(null);

  useEffect(() => {
    if (!isReady || handled.current) return;
    // Once: the code is single-use, and StrictMode runs effects twice in development.
    handled.current = true;
    releaseRedirects();
    const code = params.get('code');
    const state = params.get('state');
    // error_description is not shown: the address is anyone's to write, the message is ours.
    if (params.has('error') || !code || !state) {
      fail();
      return;
    }
    void completeOidc({ code, state, iss: params.get('iss') }).then((outcome) => {
      if (outcome.kind === 'test-report') {
        const report = new URLSearchParams({ reportId: outcome.reportId });
        void navigate(`${paths.ssoTestComplete}?${report.toString()}`, { replace: true });
      } else if (outcome.kind === 'failed') {
        setDetail(outcome.message);
      }
    });
  }, [isReady, params, releaseRedirects, fail, completeOidc, navigate]);

  return failed ? <SsoFailedCard detail={detail} /> : <SigningIn label={SSO_SIGNING_IN} />;
}
