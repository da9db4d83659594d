import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SSO_FAILED_TITLE } from '../../components/sso-failed';
import { accessTokenFor, fakeIdentityServer, openPage } from './fake-identity-server.test-support';
import { SamlCallbackPage } from './saml-callback-page';

const POSTLOGIN = '/frontegg/identity/resources/auth/v1/user/saml/postlogin';
let server: ReturnType<typeof fakeIdentityServer> | undefined;

afterEach(() => server?.restore());

describe('/account/saml/callback (issue 13)', () => {
  it("posts the server's one-time code and the RelayState to the SAML post-login, then lands the user", async () => {
    server = fakeIdentityServer(({ path }) => {
      if (path === POSTLOGIN)
        return {
          status: 200,
          body: { accessToken: accessTokenFor({ sub: 'u1', email: 'ada@acme.test' }), expiresIn: 600 },
        };
      if (path === '/frontegg/identity/resources/users/v2/me')
        return { status: 200, body: { id: 'u1', email: 'ada@acme.test', tenantId: 't1' } };
      return undefined;
    });
    const { redirects } = await openPage(
      <SamlCallbackPage />,
      '/account/saml/callback?code=one-time-c0de&RelayState=relay-42',
    );
    expect(screen.getByRole('heading', { name: 'Signing you in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in with single sign-on...');

    await waitFor(() => expect(server?.to(POSTLOGIN)).toHaveLength(1));
    expect(server.to(POSTLOGIN)[0]).toMatchObject({
      method: 'POST',
      body: { RelayState: 'relay-42', SAMLResponse: 'one-time-c0de' },
    });
    // The store's after-sign-in navigation: the redirect screen applies the landing rules.
    await waitFor(() => expect(redirects).toContain('/'));
    expect(screen.queryByRole('heading', { name: SSO_FAILED_TITLE })).not.toBeInTheDocument();
  });

  it('a refused code shows loginWithSSOFailed, then goes to the authenticated URL after 1 s', async () => {
    server = fakeIdentityServer(({ path }) =>
      path === POSTLOGIN
        ? { status: 400, body: { errors: ['Invalid code'], errorCode: 'ER-SAML' } }
        : undefined,
    );
    const { redirects } = await openPage(
      <SamlCallbackPage />,
      '/account/saml/callback?code=used&RelayState=r',
    );
    expect(await screen.findByRole('heading', { name: SSO_FAILED_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Your company's sign-in page did not confirm who you are",
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/account/login');
    await waitFor(() => expect(redirects).toEqual(['/']), { timeout: 2000 });
  });

  it("?error from the server's assertion consumer: no post-login, the failure, then the authenticated URL", async () => {
    server = fakeIdentityServer(() => undefined);
    const { redirects } = await openPage(
      <SamlCallbackPage />,
      '/account/saml/callback?error=<b>Call 555-0100 to unlock</b>',
    );
    expect(await screen.findByRole('heading', { name: SSO_FAILED_TITLE })).toBeInTheDocument();
    // The reason in the address is anyone's to write: it is not repeated on the page.
    expect(screen.queryByText(/555-0100/)).not.toBeInTheDocument();
    expect(server.to(POSTLOGIN)).toHaveLength(0);
    await waitFor(() => expect(redirects).toEqual(['/']), { timeout: 2000 });
  });

  it('a callback without a code is a failure too', async () => {
    server = fakeIdentityServer(() => undefined);
    await openPage(<SamlCallbackPage />, '/account/saml/callback?RelayState=r');
    expect(await screen.findByRole('heading', { name: SSO_FAILED_TITLE })).toBeInTheDocument();
    expect(server.to(POSTLOGIN)).toHaveLength(0);
  });
});
