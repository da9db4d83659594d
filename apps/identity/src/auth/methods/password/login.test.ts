import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../db/queries/audit-logs.js';
import { updateVendorConfig } from '../../../db/queries/vendor-config.js';
import { DEMO_PASSWORD } from '../../../services/seed.js';
import { createUser, TEST_PASSWORD } from '../../../../test/factories.js';
import { API, cookieValue, expectErrorShape, useTestServer } from '../../../../test/harness.js';

const server = useTestServer();
const COOKIE = 'fe_refresh_brizoaccess';

const login = (email: unknown, password: unknown) =>
  server().app.inject({ method: 'POST', url: `${API}/auth/v1/user`, payload: { email, password } });

describe('POST /auth/v1/user (password login)', () => {
  it('signs a demo user in: login response, refresh cookie and token claims', async () => {
    const response = await login('admin@brizo.test', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      tokenType: 'bearer',
      mfaRequired: false,
      expiresIn: 300,
      userEmail: 'admin@brizo.test',
      emailVerified: true,
    });
    // Issue 10: the refresh token is in the HttpOnly cookie only, never in a body script can read.
    expect(body).not.toHaveProperty('refreshToken');
    expect(cookieValue(response, COOKIE)).toMatch(/^\S{32,}$/);
    const cookie = response.cookies.find((entry) => entry.name === COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({
      sub: body.userId,
      email: 'admin@brizo.test',
      type: 'userToken',
      aud: 'brizo-access',
      iss: 'http://identity.test',
      superUser: false,
      email_verified: true,
    });
    expect(claims.roles).toEqual(expect.arrayContaining(['Admin', 'bfm-unrestricted']));
    expect(claims.permissions).toEqual(
      expect.arrayContaining(['bfm.base', 'bfm.geo.us', 'fe.*', 'fe.secure.read.users']),
    );
    // The admin is also in "Brizo Labs" since issue 3 (tenant switching); the token is for the active one.
    expect(claims.tenantIds).toContain(claims.tenantId);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
  });

  it('accepts the email in any case', async () => {
    expect((await login('  Regular@Brizo.TEST ', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user the same way, and audits both', async () => {
    const wrong = expectErrorShape(await login('regular@brizo.test', 'not-the-password'), 401);
    const unknown = expectErrorShape(await login('nobody@brizo.test', 'not-the-password'), 401);
    expect(wrong).toEqual({
      errors: ['Incorrect email or password'],
      errorCode: 'ER-AUTH-INVALID-CREDENTIALS',
    });
    expect(unknown).toEqual(wrong);
    const audits = await listAuditLogsByEmail(server().db, 'nobody@brizo.test');
    expect(audits[0]).toMatchObject({
      action: 'User failed to log in',
      severity: 'Medium',
      description: 'unknown user',
    });
    const regular = await listAuditLogsByEmail(server().db, 'regular@brizo.test');
    expect(regular.map((entry) => entry.action)).toContain('User failed to log in');
  });

  it('audits a successful login with ip and user agent', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      headers: { 'user-agent': 'vitest-agent' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await listAuditLogsByEmail(server().db, user.email);
    expect(entry).toMatchObject({
      action: 'User logged in',
      severity: 'Info',
      userId: user.id,
      userAgent: 'vitest-agent',
      ip: '127.0.0.1',
    });
  });

  it('refuses an unverified user unless the vendor allows it, and never before the password is proven', async () => {
    const { user } = await createUser(server().db, server().passwords, { verified: false });
    expect(expectErrorShape(await login(user.email, 'wrong-password'), 401).errorCode).toBe(
      'ER-AUTH-INVALID-CREDENTIALS',
    );
    expect(expectErrorShape(await login(user.email, TEST_PASSWORD), 401).errorCode).toBe(
      'ER-AUTH-USER-NOT-VERIFIED',
    );
    await updateVendorConfig(server().db, { allowNotVerifiedUsersLogin: true });
    const vendor = await server().app.inject({ method: 'GET', url: `${API}/configurations/v1/public` });
    expect(vendor.statusCode).toBe(200);
    try {
      // The vendor configuration is cached for a few seconds: move the clock past it.
      server().clock.advanceSeconds(6);
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await updateVendorConfig(server().db, { allowNotVerifiedUsersLogin: false });
      server().clock.advanceSeconds(6);
    }
  });

  it('refuses a user without a password (not yet activated) like a wrong password', async () => {
    const { user } = await createUser(server().db, server().passwords, { password: null });
    expect(expectErrorShape(await login(user.email, TEST_PASSWORD), 401).errorCode).toBe(
      'ER-AUTH-INVALID-CREDENTIALS',
    );
  });

  it.each([
    [{}, /email: Email is required\., password: Password is required/],
    [{ email: 42, password: 'x' }, /email: Must be a valid email\./],
    [{ email: 'not-an-email', password: 'x' }, /email: Must be a valid email\./],
    [{ email: 'a@b.test', password: 12 }, /password: Password must be a string/],
    [{ email: 'a@b.test', password: '' }, /password: Password is required/],
  ])('rejects bad input %j with 400', async (payload, message) => {
    const response = await server().app.inject({ method: 'POST', url: `${API}/auth/v1/user`, payload });
    const body = expectErrorShape(response, 400);
    expect(body.errorCode).toBe('ER-REQUEST-VALIDATION');
    expect(body.errors[0]).toMatch(message);
  });
});

describe('after login: /users/v2/me, /me/tenants and logout', () => {
  it('returns the profile with roles, permissions, tenants and metadata', async () => {
    const { accessToken } = (await login('trial@brizo.test', DEMO_PASSWORD)).json();
    const me = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v2/me`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({
      email: 'trial@brizo.test',
      verified: true,
      superUser: false,
      mfaEnrolled: false,
    });
    expect(body.roles.map((role: { key: string }) => role.key)).toEqual(['bfm-trial']);
    expect(body.permissions.map((permission: { key: string }) => permission.key).sort()).toEqual([
      'bfm.geo.us',
      'bfm.trial',
    ]);
    expect(body.permissions[0].roleIds).toEqual([body.roles[0].id]);
    expect(body.tenantIds).toEqual([body.tenantId]);
    expect(body.tenants[0]).toMatchObject({ tenantId: body.tenantId });
    expect(JSON.parse(body.vendorMetadata)).toMatchObject({
      activated: true,
      expiration: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    const v3 = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v3/me/tenants`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(v3.statusCode).toBe(200);
    expect(v3.json().activeTenant).toMatchObject({
      tenantId: body.tenantId,
      name: 'Brizo Demo',
      metadata: expect.any(String),
    });
    expect(v3.json().tenants).toHaveLength(1);
    const v2 = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v2/me/tenants`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(v2.json()).toEqual(v3.json().tenants);
  });

  it('marks the super user', async () => {
    const { accessToken } = (await login('super@brizo.test', DEMO_PASSWORD)).json();
    expect(decodeJwt(accessToken).superUser).toBe(true);
    const me = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v2/me`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toMatchObject({ superUser: true, roles: [] });
  });

  it.each([
    ['no header', {}],
    ['a malformed token', { authorization: 'Bearer not.a.jwt' }],
    ['a foreign scheme', { authorization: 'Basic abc' }],
  ])('answers 401 to /me with %s', async (_label, headers) => {
    expectErrorShape(await server().app.inject({ method: 'GET', url: `${API}/users/v2/me`, headers }), 401);
  });

  it('answers 401 to an expired access token', async () => {
    const { accessToken } = (await login('regular@brizo.test', DEMO_PASSWORD)).json();
    server().clock.advanceSeconds(301);
    expectErrorShape(
      await server().app.inject({
        method: 'GET',
        url: `${API}/users/v2/me`,
        headers: { authorization: `Bearer ${accessToken}` },
      }),
      401,
    );
  });

  it("logout revokes the session and clears the cookie, even with the SDK's empty JSON body", async () => {
    const signedIn = await login('regular@brizo.test', DEMO_PASSWORD);
    const refreshToken = cookieValue(signedIn, COOKIE);
    const logout = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/logout`,
      headers: { 'content-type': 'application/json' },
      cookies: { [COOKIE]: refreshToken ?? '' },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((entry) => entry.name === COOKIE)?.value).toBe('');
    const refresh = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      cookies: { [COOKIE]: refreshToken ?? '' },
      payload: {},
    });
    expectErrorShape(refresh, 401);
    expect(
      (await listAuditLogsByEmail(server().db, 'regular@brizo.test')).map((entry) => entry.action),
    ).toContain('User logged out');
  });

  it('logout without a session still answers 200', async () => {
    expect((await server().app.inject({ method: 'POST', url: `${API}/auth/v1/logout` })).statusCode).toBe(
      200,
    );
  });
});

describe('SSO pre-login without SSO', () => {
  it.each(['/auth/v2/user/sso/prelogin', '/auth/v1/user/saml/prelogin'])(
    '%s answers 404 in the error shape',
    async (path) => {
      const body = expectErrorShape(
        await server().app.inject({
          method: 'POST',
          url: `${API}${path}`,
          payload: { email: 'regular@brizo.test' },
        }),
        404,
      );
      expect(body.errorCode).toBe('ER-AUTH-SSO-NOT-FOUND');
    },
  );
});
