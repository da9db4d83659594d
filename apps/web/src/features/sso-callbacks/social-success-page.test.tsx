import { encodeSocialLoginState } from '@brizo/contract/social-login';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { publishFeatureFlags } from '../../sdk/hooks/feature-flags';
import {
  accessTokenFor,
  fakeIdentityServer,
  openPage,
  type Handler,
} from './fake-identity-server.test-support';
import {
  SOCIAL_NO_CODE,
  SOCIAL_REFUSED,
  SOCIAL_UNKNOWN_STATE,
  SocialSuccessPage,
} from './social-success-page';

const postLoginOf = (provider: string) =>
  `/frontegg/identity/resources/auth/v1/user/sso/${provider}/postlogin`;
const REFRESH = '/frontegg/identity/resources/auth/v1/user/token/refresh';
const session = { accessToken: accessTokenFor({ sub: 'u1', email: 'ada@gmail.test' }), expiresIn: 600 };
let server: ReturnType<typeof fakeIdentityServer> | undefined;

afterEach(() => {
  server?.restore();
  publishFeatureFlags(null);
});

/** The provider's post-login answers `postLogin`; signed in once it succeeded (or from the start). */
function providerReturns(postLogin: { status: number; body: unknown }, signedInAlready = false): Handler {
  let signedIn = signedInAlready;
  return ({ path }) => {
    if (path.endsWith('/postlogin')) {
      signedIn ||= postLogin.status === 200;
      return postLogin;
    }
    if (path === REFRESH && signedIn) return { status: 200, body: session };
    if (path === '/frontegg/identity/resources/users/v2/me')
      return { status: 200, body: { id: 'u1', email: 'ada@gmail.test', tenantId: 't1' } };
    if (path === '/frontegg/identity/resources/users/v3/me/tenants')
      return { status: 200, body: { tenants: [{ tenantId: 't1' }], activeTenant: { tenantId: 't1' } } };
    return undefined;
  };
}

const page = (
  <Routes>
    <Route path="/account/social/success" element={<SocialSuccessPage />} />
    <Route path="/" element={<p>Redirect screen</p>} />
  </Routes>
);

const googleState = encodeSocialLoginState({ provider: 'google', id: 'flr_123' });
const answer = (query: Record<string, string>) =>
  `/account/social/success?${new URLSearchParams(query).toString()}`;

describe('/account/social/success (issue 13)', () => {
  it("posts the code to the provider's post-login named by the state, then the store lands the user (a sign-up too)", async () => {
    server = fakeIdentityServer(
      providerReturns({
        status: 200,
        body: { email: 'ada@gmail.test', isNewUser: true, userId: 'u1', tenantId: 't1' },
      }),
    );
    const { redirects, store } = await openPage(page, answer({ code: 'g-c0de', state: googleState }));
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in...');
    await waitFor(() => expect(server?.to(postLoginOf('google'))).toHaveLength(1));
    const [sent] = server.to(postLoginOf('google'));
    expect(sent?.method).toBe('POST');
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      code: 'g-c0de',
      state: googleState,
      redirectUri: `${window.location.origin}/account/social/success`,
    });
    await waitFor(() => expect(redirects).toContain('/'));
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it("shows the server's refusal with the way back to the login box", async () => {
    server = fakeIdentityServer(
      providerReturns({ status: 400, body: { errors: ['This email is not verified by the provider'] } }),
    );
    await openPage(page, answer({ code: 'g-c0de', state: googleState }));
    expect(await screen.findByRole('heading', { name: 'Sign-in did not complete' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This email is not verified by the provider');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/account/login');
  });

  it('refuses a state that does not decode (forged or changed): nothing is posted', async () => {
    server = fakeIdentityServer(providerReturns({ status: 200, body: {} }));
    const forged = btoa(JSON.stringify({ provider: 'evil', id: 'x' }));
    await openPage(page, answer({ code: 'g-c0de', state: forged }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_UNKNOWN_STATE);
    expect(server.sent.filter((request) => request.path.endsWith('/postlogin'))).toHaveLength(0);
  });

  it('?error from the provider, or no code: says so and posts nothing', async () => {
    server = fakeIdentityServer(providerReturns({ status: 200, body: {} }));
    await openPage(page, answer({ error: 'access_denied', state: googleState }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_REFUSED);
    server.restore();

    server = fakeIdentityServer(providerReturns({ status: 200, body: {} }));
    await openPage(page, answer({ state: googleState }));
    expect(await screen.findAllByText(SOCIAL_NO_CODE)).not.toHaveLength(0);
    expect(server.sent.filter((request) => request.path.endsWith('/postlogin'))).toHaveLength(0);
  });

  it('already signed in: by default lands as signed in without using the code', async () => {
    server = fakeIdentityServer(providerReturns({ status: 200, body: {} }, true));
    await openPage(page, answer({ code: 'g-c0de', state: googleState }));
    expect(await screen.findByText('Redirect screen')).toBeInTheDocument();
    expect(server.to(postLoginOf('google'))).toHaveLength(0);
  });

  it('already signed in, flag prevent-auth-redirect-on-social-login on: the code is posted anyway', async () => {
    const flags = { 'prevent-auth-redirect-on-social-login': 'on' };
    publishFeatureFlags(flags);
    const provider = providerReturns(
      { status: 200, body: { email: 'ada@gmail.test', isNewUser: false, userId: 'u1' } },
      true,
    );
    // Issue 15: the flags load again once the session's user is known; the server serves this one on.
    server = fakeIdentityServer((request) =>
      request.path === '/frontegg/flags' ? { status: 200, body: flags } : provider(request),
    );
    const { redirects } = await openPage(page, answer({ code: 'g-c0de', state: googleState }));
    await waitFor(() => expect(server?.to(postLoginOf('google'))).toHaveLength(1));
    await waitFor(() => expect(redirects).toContain('/'));
  });
});
