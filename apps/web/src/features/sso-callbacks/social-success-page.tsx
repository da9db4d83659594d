import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useSocialLoginCallback } from '../../sdk/hooks/social-login';
import { SigningIn, SocialFailedCard } from './callback-card';
import { useCallbackParams } from './use-callback-params';

export const SOCIAL_SIGNING_IN = 'Signing you in...';
export const SOCIAL_REFUSED =
  'The sign-in was cancelled or refused at the provider. Try again from the sign-in page.';
export const SOCIAL_NO_CODE =
  'The provider did not send us back a sign-in code. Try again from the sign-in page.';
export const SOCIAL_UNKNOWN_STATE =
  'This sign-in answer was not started from our sign-in page, or it was changed on the way. Try again from the sign-in page.';

/**
 * /account/social/success (SPEC section 2): a social provider sends `?code&state` (or `?error`). The
 * state names the provider (@brizo/contract/social-login); the code goes to that provider's post-login,
 * and the store lands the user as after any sign-in or sign-up. A failure says why, with the way back.
 */
export function SocialSuccessPage() {
  const params = useCallbackParams();
  const navigate = useNavigate();
  const { isReady, releaseRedirects, start, error } = useSocialLoginCallback();
  const handled = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [posted, setPosted] = useState(false);

  useEffect(() => {
    if (!isReady || handled.current) return;
    // Once: the code is single-use, and StrictMode runs effects twice in development.
    handled.current = true;
    releaseRedirects();
    const code = params.get('code');
    const state = params.get('state');
    if (params.has('error')) return setFailure(SOCIAL_REFUSED);
    if (!code || !state) return setFailure(SOCIAL_NO_CODE);
    const started = start({ code, state });
    if (started.kind === 'posting') setPosted(true);
    else if (started.kind === 'unknown-state') setFailure(SOCIAL_UNKNOWN_STATE);
    // Already signed in, and the session stays: the redirect screen lands the user.
    else if (started.kind === 'signed-in') void navigate(paths.home, { replace: true });
  }, [isReady, params, releaseRedirects, start, navigate]);

  const reason = failure ?? (posted ? error : null);
  return reason ? <SocialFailedCard reason={reason} /> : <SigningIn label={SOCIAL_SIGNING_IN} />;
}
