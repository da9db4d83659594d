import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseSignInCallbackHold, withSignInCallbackHold } from './sign-in-callback-hold';

const callbacks = ['/account/saml/callback', '/account/oidc/callback', '/account/social/success'];

afterEach(() => releaseSignInCallbackHold());

describe("the store's redirects on the pages identity providers return to (issue 13)", () => {
  it('are held from start-up until the page has read the session', () => {
    const redirect = vi.fn();
    const onRedirectTo = withSignInCallbackHold(redirect, callbacks, '/account/oidc/callback');
    onRedirectTo('/');
    expect(redirect).not.toHaveBeenCalled();
    releaseSignInCallbackHold();
    onRedirectTo('/trial-started', { replace: true });
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/trial-started', { replace: true });
  });

  it('go through at once on every other page', () => {
    const redirect = vi.fn();
    const onRedirectTo = withSignInCallbackHold(redirect, callbacks, '/account/login');
    onRedirectTo('https://idp.acme.test/sso?SAMLRequest=x', { refresh: true });
    expect(redirect).toHaveBeenCalledExactlyOnceWith('https://idp.acme.test/sso?SAMLRequest=x', {
      refresh: true,
    });
  });
});
