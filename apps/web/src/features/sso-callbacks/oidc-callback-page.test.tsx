import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { SSO_FAILED_TITLE } from '../../components/sso-failed';
import {
  accessTokenFor,
  fakeIdentityServer,
  openPage,
  type Handler,
} from './fake-identity-server.test-support';
import { OidcCallbackPage } from './oidc-callback-page';

const POSTLOGIN = '/frontegg/identity/resources/auth/v2/user/oidc/postlogin';
const REFRESH = '/frontegg/identity/resources/auth/v1/user/token/refresh';
let server: ReturnType<typeof fakeIdentityServer> | undefined;

afterEach(() => server?.restore());

/** The post-login answers `postLogin`; once it has, the session refresh finds the new session. */
function identityProviderReturns(postLogin: { status: number; body: unknown }): Handler {
  let signedIn = false;
  const session = { accessToken: accessTokenFor({ sub: 'u1', email: 'ada@acme.test' }), expiresIn: 600 };
  return ({ path }) => {
    if (path === POSTLOGIN) {
      signedIn = postLogin.status === 200 && !('testReportId' in (postLogin.body as object));
      return postLogin;
    }
    if (path === REFRESH && signedIn) return { status: 200, body: session };
    if (path === '/frontegg/identity/resources/users/v2/me')
      return { status: 200, body: { id: 'u1', email: 'ada@acme.test', tenantId: 't1' } };
    if (path === '/frontegg/identity/resources/users/v3/me/tenants')
      return { status: 200, body: { tenants: [{ tenantId: 't1' }], activeTenant: { tenantId: 't1' } } };
    return undefined;
  };
}

function ReportPage() {
  const { search } = useLocation();
  return <p>Report {new URLSearchParams(search).get('reportId')}</p>;
}

const page = (
  <Routes>
    <Route path="/account/oidc/callback" element={<OidcCallbackPage />} />
    <Route path="/account/sso/test-complete" element={<ReportPage />} />
  </Routes>
);

describe('/account/oidc/callback (issue 13)', () => {
  it('posts code, state as RelayState, this page as redirectUri and iss, refreshes the session and lands the user', async () => {
    server = fakeIdentityServer(
      identityProviderReturns({
        status: 200,
        body: { accessToken: accessTokenFor({ sub: 'u1', email: 'ada@acme.test' }), expiresIn: 600 },
      }),
    );
    const { redirects, store } = await openPage(
      page,
      '/account/oidc/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fidp.acme.test',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in with single sign-on...');
    await waitFor(() => expect(server?.to(POSTLOGIN)).toHaveLength(1));
    expect(server.to(POSTLOGIN)[0]).toMatchObject({
      method: 'POST',
      body: {
        code: 'c0de',
        RelayState: 'st4te',
        redirectUri: `${window.location.origin}/account/oidc/callback`,
        iss: 'https://idp.acme.test',
      },
    });
    await waitFor(() => expect(redirects).toContain('/'));
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(screen.queryByRole('heading', { name: SSO_FAILED_TITLE })).not.toBeInTheDocument();
  });

  it("the SSO section's live test: a test report answer goes to the report page, nobody is signed in", async () => {
    server = fakeIdentityServer(
      identityProviderReturns({ status: 200, body: { testReportId: 'rep-7/x', succeeded: false } }),
    );
    const { redirects, store } = await openPage(page, '/account/oidc/callback?code=c0de&state=test-st4te');
    expect(await screen.findByText('Report rep-7/x')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(redirects).toEqual([]);
  });

  it("the live test in the administrator's signed-in browser: the store's start-up redirect waits for the page", async () => {
    const report = identityProviderReturns({ status: 200, body: { testReportId: 'rep-8', succeeded: true } });
    const session = {
      accessToken: accessTokenFor({ sub: 'admin', email: 'admin@acme.test' }),
      expiresIn: 600,
    };
    server = fakeIdentityServer((request) =>
      request.path === REFRESH ? { status: 200, body: session } : report(request),
    );
    const { redirects, store } = await openPage(page, '/account/oidc/callback?code=c0de&state=test-st4te');
    expect(await screen.findByText('Report rep-8')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(true);
    // Without the hold the store's refresh would have sent the window on before the code was posted.
    expect(redirects).toEqual([]);
    expect(server.to(POSTLOGIN)).toHaveLength(1);
  });

  it('a refused code shows loginWithSSOFailed with the reason, then the authenticated URL after 1 s', async () => {
    server = fakeIdentityServer(
      identityProviderReturns({ status: 400, body: { errors: ['The sign-in answer was already used'] } }),
    );
    const { redirects } = await openPage(page, '/account/oidc/callback?code=c0de&state=st4te');
    expect(await screen.findByRole('heading', { name: SSO_FAILED_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in answer was already used');
    await waitFor(() => expect(redirects).toEqual(['/']), { timeout: 2000 });
  });

  it("?error from the identity provider: no post-login, the provider's text not repeated, the failure", async () => {
    server = fakeIdentityServer(identityProviderReturns({ status: 200, body: {} }));
    const { redirects } = await openPage(
      page,
      '/account/oidc/callback?error=access_denied&error_description=Call%20555-0100&state=st4te',
    );
    expect(await screen.findByRole('heading', { name: SSO_FAILED_TITLE })).toBeInTheDocument();
    expect(screen.queryByText(/555-0100/)).not.toBeInTheDocument();
    expect(server.to(POSTLOGIN)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/account/login');
    await waitFor(() => expect(redirects).toEqual(['/']), { timeout: 2000 });
  });

  it('a callback without a state is a failure', async () => {
    server = fakeIdentityServer(identityProviderReturns({ status: 200, body: {} }));
    await openPage(page, '/account/oidc/callback?code=c0de');
    expect(await screen.findByRole('heading', { name: SSO_FAILED_TITLE })).toBeInTheDocument();
    expect(server.to(POSTLOGIN)).toHaveLength(0);
  });
});
