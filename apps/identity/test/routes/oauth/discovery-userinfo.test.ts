// Issue 16: what a standard OpenID client expects of the hosted login: the discovery document at the
// issuer, naming the endpoints this server really serves, and the UserInfo endpoint.
import { beforeAll, describe, expect, it } from 'vitest';
import { API, expectErrorShape, useTestServer } from '../../harness.js';
import { COOKIE, OAUTH, signedInUser } from '../../oauth-helpers.js';

const server = useTestServer();

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  end_session_endpoint: string;
  jwks_uri: string;
  [field: string]: unknown;
}

describe('issue 16: GET /.well-known/openid-configuration', () => {
  let document: Discovery;
  beforeAll(async () => {
    const response = await server().app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    document = response.json<Discovery>();
  });

  it('names the issuer of the tokens and the standard capabilities', () => {
    expect(document).toMatchObject({
      issuer: server().config.publicUrl,
      response_types_supported: ['code'],
      grant_types_supported: expect.arrayContaining(['authorization_code', 'refresh_token']),
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: expect.arrayContaining(['ES256', 'RS256']),
      scopes_supported: expect.arrayContaining(['openid', 'email', 'profile']),
      token_endpoint_auth_methods_supported: expect.arrayContaining(['none']),
      claims_supported: expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'tenantId']),
    });
  });

  it('points at endpoints this server answers', async () => {
    const pathOf = (url: string) => {
      expect(url.startsWith(server().config.publicUrl)).toBe(true);
      return url.slice(server().config.publicUrl.length);
    };
    const jwks = await server().app.inject({ method: 'GET', url: pathOf(document.jwks_uri) });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.json<{ keys: unknown[] }>().keys.length).toBeGreaterThan(0);
    // Without a session the authorization endpoint sends the browser to the login box.
    const authorize = await server().app.inject({
      method: 'GET',
      url: `${pathOf(document.authorization_endpoint)}?response_type=code&client_id=brizo-access&redirect_uri=x&scope=openid`,
    });
    expect(authorize.statusCode).not.toBe(404);
    const token = await server().app.inject({
      method: 'POST',
      url: pathOf(document.token_endpoint),
      payload: { grant_type: 'password' },
    });
    expect(expectErrorShape(token, 400).errorCode).toBe('ER-OAUTH-UNSUPPORTED-GRANT-TYPE');
    const userinfo = await server().app.inject({ method: 'GET', url: pathOf(document.userinfo_endpoint) });
    expect(userinfo.statusCode).toBe(401);
    expect(pathOf(document.end_session_endpoint)).toBe(`${OAUTH}/logout`);
  });
});

describe('issue 16: the UserInfo endpoint', () => {
  const userinfo = (method: 'GET' | 'POST', accessToken: string) =>
    server().app.inject({
      method,
      url: `${OAUTH}/userinfo`,
      headers: { authorization: `Bearer ${accessToken}` },
    });

  it.each(['GET', 'POST'] as const)('%s answers the bearer’s claims', async (method) => {
    const { user, tenant, accessToken } = await signedInUser(server());
    const response = await userinfo(method, accessToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      sub: user.id,
      email: user.email,
      email_verified: user.verified,
      name: user.name,
      tenantId: tenant.id,
      tenantIds: [tenant.id],
    });
  });

  it('answers 401 with the Bearer invalid_token challenge to a malformed, a missing or an expired token', async () => {
    for (const response of [
      await userinfo('GET', 'not-a-token'),
      await server().app.inject({ method: 'GET', url: `${OAUTH}/userinfo` }),
    ]) {
      expectErrorShape(response, 401);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
    const { accessToken } = await signedInUser(server());
    server().clock.advanceSeconds(server().config.accessTokenTtlSeconds + 1);
    const expired = await userinfo('GET', accessToken);
    expectErrorShape(expired, 401);
    expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('answers 401 once the session of the token has signed out (revoked)', async () => {
    const { accessToken, cookie } = await signedInUser(server());
    expect((await userinfo('GET', accessToken)).statusCode).toBe(200);
    const logout = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/logout`,
      cookies: { [COOKIE]: cookie },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    const revoked = await userinfo('GET', accessToken);
    expectErrorShape(revoked, 401);
    expect(revoked.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });
});
