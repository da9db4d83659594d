import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokenFamilies } from '../../../src/db/schema/index.js';
import { as, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { createUser, TEST_PASSWORD } from '../../factories.js';
import {
  API,
  cookieValue,
  expectErrorShape,
  json,
  mailTo,
  uniqueEmail,
  useTestServer,
} from '../../harness.js';

// The policies of the Security section take effect in the login box, on refresh and on API calls.
const server = useTestServer();
const COOKIE = 'fe_refresh_brizoaccess';
const SESSIONS = `${API}/configurations/sessions/v1`;
const IP = `${API}/configurations/v1/restrictions/ip`;
const DOMAIN = `${API}/configurations/restrictions/v1/email-domain`;

const login = (email: string, password = TEST_PASSWORD, ip = '127.0.0.1') =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    remoteAddress: ip,
    payload: { email, password },
  });

const refresh = (refreshToken: string, ip = '127.0.0.1') =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    remoteAddress: ip,
    payload: {},
    cookies: { [COOKIE]: refreshToken },
  });

/** A member of the tenant signed in: its refresh cookie and access token. */
async function signInMember(tenant: TenantAdmins['tenant'], ip = '127.0.0.1') {
  const { user } = await createUser(server().db, server().passwords, { tenant, roleKeys: ['bfm-base'] });
  const response = await login(user.email, TEST_PASSWORD, ip);
  expect(response.statusCode).toBe(200);
  return {
    user,
    refreshToken: cookieValue(response, COOKIE) ?? '',
    accessToken: response.json().accessToken as string,
  };
}

/** Refreshes and returns the rotated token, failing the test unless the refresh succeeds. */
async function refreshed(token: string): Promise<string> {
  const response = await refresh(token);
  expect(response.statusCode).toBe(200);
  return cookieValue(response, COOKIE) ?? '';
}

const revokedReasons = async (userId: string) =>
  (await server().db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, userId))).map(
    (family) => family.revokedReason,
  );

describe('session policy takes effect', () => {
  it('idle timeout: a refresh after the idle time fails and ends the session', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    await as(server(), admin)('POST', SESSIONS, {
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 120 },
    });
    const member = await signInMember(tenant);
    server().clock.advanceSeconds(100);
    const token = await refreshed(member.refreshToken);
    server().clock.advanceSeconds(100);
    const active = await refreshed(token);
    server().clock.advanceSeconds(121);
    expectErrorShape(await refresh(active), 401);
    expect(await revokedReasons(member.user.id)).toEqual(['session policy']);
  });

  it('absolute timeout (force re-login): a session older than the timeout cannot refresh, however active', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    await as(server(), admin)('POST', SESSIONS, {
      sessionTimeoutConfiguration: { isActive: true, timeout: 300 },
    });
    const member = await signInMember(tenant);
    let token = member.refreshToken;
    for (let step = 0; step < 2; step += 1) {
      server().clock.advanceSeconds(140);
      token = await refreshed(token);
    }
    server().clock.advanceSeconds(30);
    expectErrorShape(await refresh(token), 401);
  });

  it('max concurrent sessions: a new sign-in beyond the limit ends the oldest session', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    await as(server(), admin)('POST', SESSIONS, {
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 2 },
    });
    const { user } = await createUser(server().db, server().passwords, { tenant, roleKeys: ['bfm-base'] });
    const sessions = [];
    for (let index = 0; index < 3; index += 1) {
      server().clock.advanceSeconds(1);
      sessions.push(cookieValue(await login(user.email), COOKIE) ?? '');
    }
    expectErrorShape(await refresh(sessions[0] ?? ''), 401);
    await refreshed(sessions[1] ?? '');
    await refreshed(sessions[2] ?? '');
  });

  it("a tenant without a policy keeps the server's defaults", async () => {
    const { tenant } = await createTenantAdmins(server());
    const member = await signInMember(tenant);
    server().clock.advanceSeconds(3 * 3600);
    await refreshed(member.refreshToken);
  });
});

describe('IP restrictions take effect', () => {
  it('a blocked address cannot sign in, refresh or call the API; other tenants are unaffected', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    const member = await signInMember(tenant, '203.0.113.9');
    await as(server(), admin)('POST', IP, {
      ip: '203.0.113.0/24',
      strategy: 'BLOCK',
      description: 'Test net',
    });
    await as(server(), admin)('POST', `${IP}/config`, { isActive: true, strategy: 'BLOCK' });

    const refused = await login(member.user.email, TEST_PASSWORD, '203.0.113.20');
    expect(expectErrorShape(refused, 403).errorCode).toBe('ER-SECURITY-IP-RESTRICTED');
    expect((await login(member.user.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);

    const call = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v2/me`,
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    expectErrorShape(call, 403);
    expectErrorShape(await refresh(member.refreshToken, '203.0.113.9'), 403);

    const elsewhere = await createTenantAdmins(server());
    const outsider = await signInMember(elsewhere.tenant, '203.0.113.9');
    expect(outsider.accessToken).toBeTruthy();
  });

  it('a tenant API token is exchanged only from an address its tenant allows, by either exchange', async () => {
    const { admin } = await createTenantAdmins(server());
    const created = await as(server(), admin)('POST', `${API}/tenants/api-tokens/v1`, { description: 'CI' });
    const { clientId, secret } = created.json<{ clientId: string; secret: string }>();
    const exchangeFrom = (remoteAddress: string) =>
      server().app.inject({
        method: 'POST',
        url: `${API}/auth/v1/api-token`,
        remoteAddress,
        payload: { clientId, secret },
      });
    const grantFrom = (remoteAddress: string) =>
      server().app.inject({
        method: 'POST',
        url: '/frontegg/oauth/token',
        remoteAddress,
        payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
      });
    await as(server(), admin)('POST', IP, { ip: '203.0.113.0/24', strategy: 'BLOCK' });
    await as(server(), admin)('POST', `${IP}/config`, { isActive: true, strategy: 'BLOCK' });

    expect(expectErrorShape(await exchangeFrom('203.0.113.7'), 403).errorCode).toBe(
      'ER-SECURITY-IP-RESTRICTED',
    );
    expectErrorShape(await grantFrom('203.0.113.7'), 403);
    expect((await exchangeFrom('198.51.100.7')).statusCode).toBe(200);
    expect((await grantFrom('198.51.100.7')).statusCode).toBe(200);
    // A wrong secret from a blocked address still learns only that the credentials are wrong.
    const wrong = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/api-token`,
      remoteAddress: '203.0.113.7',
      payload: { clientId, secret: `${secret}x` },
    });
    expectErrorShape(wrong, 401);
  });

  it('an allow list lets only listed addresses in', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    await as(server(), admin)('POST', IP, { ip: '127.0.0.1', strategy: 'ALLOW', description: 'My IP' });
    await as(server(), admin)('POST', IP, { ip: '2001:db8::/32', strategy: 'ALLOW' });
    await as(server(), admin)('POST', `${IP}/config`, { isActive: true, strategy: 'ALLOW' });
    const { user } = await createUser(server().db, server().passwords, { tenant });
    expectErrorShape(await login(user.email, TEST_PASSWORD, '198.51.100.20'), 403);
    expect((await login(user.email, TEST_PASSWORD, '2001:db8::5')).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, '::ffff:127.0.0.1')).statusCode).toBe(200);
  });
});

describe('email-domain restrictions take effect on invitations', () => {
  const invite = (who: TenantAdmins['admin'], email: string) =>
    as(server(), who)('POST', `${API}/users/v1`, { email, name: 'Invited' });

  it('a blocked domain, or a public one when public domains are blocked, is refused', async () => {
    const { admin } = await createTenantAdmins(server());
    await as(server(), admin)('POST', DOMAIN, { domain: 'blocked.example', type: 'BLOCK' });
    await as(server(), admin)('POST', `${DOMAIN}/config`, {
      active: true,
      type: 'BLOCK',
      blockPublicDomains: true,
    });
    const refused = await invite(admin, uniqueEmail('someone', 'blocked.example'));
    expect(expectErrorShape(refused, 403).errorCode).toBe('ER-SECURITY-DOMAIN-RESTRICTED');
    expectErrorShape(await invite(admin, uniqueEmail('someone', 'gmail.com')), 403);
    expect((await invite(admin, uniqueEmail('someone', 'fine.example'))).statusCode).toBeLessThan(300);
  });

  it('an allow list admits only its domains; switched off, anyone may be invited', async () => {
    const { admin } = await createTenantAdmins(server());
    await as(server(), admin)('POST', DOMAIN, { domain: 'acme.example', type: 'ALLOW' });
    await as(server(), admin)('POST', `${DOMAIN}/config`, { active: true, type: 'ALLOW' });
    expectErrorShape(await invite(admin, uniqueEmail('x', 'other.example')), 403);
    expect((await invite(admin, uniqueEmail('x', 'acme.example'))).statusCode).toBeLessThan(300);
    await as(server(), admin)('POST', `${DOMAIN}/config`, { active: false });
    expect((await invite(admin, uniqueEmail('x', 'other.example'))).statusCode).toBeLessThan(300);
  });
});

describe('general settings take effect', () => {
  it("MFA enforcement by the tenant's policy: a member's next sign-in must enroll", async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    await as(server(), admin)('POST', `${API}/configurations/v1/mfa-policy`, { enforceMFAType: 'Force' });
    const { user } = await createUser(server().db, server().passwords, { tenant });
    const answer = json(await login(user.email));
    expect(answer).toMatchObject({ mfaRequired: true });
    expect(answer.accessToken).toBeUndefined();
  });

  it('lockout: after maxAttempts wrong passwords even the right one is refused', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    const set = await as(server(), admin)('POST', `${API}/configurations/v1/lockout-policy`, {
      enabled: true,
      maxAttempts: 2,
    });
    expect(set.statusCode).toBe(200);
    const { user } = await createUser(server().db, server().passwords, { tenant });
    for (let attempt = 0; attempt < 2; attempt += 1)
      expectErrorShape(await login(user.email, 'Wrong-pass-1!'), 401);
    expect(expectErrorShape(await login(user.email), 401).errorCode).toBe('ER-AUTH-USER-LOCKED');
  });

  it('Read Only reads every general setting and changes none; a member reads none', async () => {
    const { readOnly, member } = await createTenantAdmins(server());
    for (const path of [
      'lockout-policy',
      'password-history-policy',
      'password-rotation',
      'mfa-policy',
      'captcha-policy',
    ]) {
      const read = await as(server(), readOnly)('GET', `${API}/configurations/v1/${path}`);
      expect(read.statusCode).toBe(200);
      expectErrorShape(await as(server(), member)('GET', `${API}/configurations/v1/${path}`), 403);
    }
    expect(
      (await as(server(), readOnly)('GET', `${API}/configurations/v1/captcha-policy`)).json().secretKey,
    ).toBeNull();
    const writes: [string, unknown][] = [
      ['lockout-policy', { enabled: true, maxAttempts: 3 }],
      ['password-history-policy', { enabled: true, historySize: 3 }],
      ['password-rotation', { isActive: true }],
      ['mfa-policy', { enforceMFAType: 'Force' }],
      ['captcha-policy', { enabled: false }],
    ];
    for (const [path, body] of writes) {
      expectErrorShape(
        await as(server(), readOnly)('POST', `${API}/configurations/v1/${path}`, body as object),
        403,
      );
    }
  });
});

describe('security center from real data', () => {
  it('a sign-in with a breached password shows in the score; the bulk reset mails those users', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    const { user } = await createUser(server().db, server().passwords, { tenant, password: 'password' });
    expect((await login(user.email, 'password')).statusCode).toBe(200);
    const recommendations = (
      await as(server(), admin)('GET', '/frontegg/security-center/resources/recommendations/v1')
    ).json().recommendations.items;
    expect(recommendations).toContainEqual({
      code: 'BREACHED_PASSWORDS_EXIST',
      severity: 'SEVERE',
      category: 'PASSWORD',
      metadata: { password: { breachedPasswordUsersCount: 1 } },
    });
    const sent = await as(server(), admin)('POST', `${API}/users/v1/passwords/breached/reset/bulk`);
    expect(sent.json()).toEqual({ sent: 1 });
    expect((await mailTo(server().db, user.email)).length).toBe(1);
    expect((await mailTo(server().db, admin.user.email)).length).toBe(0);
  });
});
