// Issue 10: access tokens the server verifies itself: no future issue times, a revocation list checked on
// every call (cached tokens too), an absolute session lifetime, the refresh token out of bodies, re-sign-in
// ending the old session, and API tokens' access tokens accepted by the server's own API.
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { findVendorRolesByKeys } from '../../src/db/queries/roles.js';
import { signingKeys } from '../../src/db/schema/index.js';
import { createMemoryRevocationList } from '../../src/services/revocations.js';
import { as, createTenantAdmins, createTenantRole, type Member } from '../admin-support.js';
import { API, cookieValue, expectErrorShape, TestClock, useTestServer } from '../harness.js';
import { createUser, TEST_PASSWORD } from '../factories.js';

const server = useTestServer();
const COOKIE = 'fe_refresh_brizoaccess';
const DAY = 24 * 60 * 60;
const ME = `${API}/users/v2/me`;
const USERS = `${API}/users/v3`;
const TEAM = '/frontegg/team/resources';

interface Browser {
  accessToken: string;
  refreshToken: string;
}

const login = async (email: string, cookie?: string): Promise<Browser> => {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email, password: TEST_PASSWORD },
    ...(cookie ? { cookies: { [COOKIE]: cookie } } : {}),
  });
  expect(response.statusCode).toBe(200);
  return {
    accessToken: response.json<{ accessToken: string }>().accessToken,
    refreshToken: cookieValue(response, COOKIE) ?? '',
  };
};

const refresh = (browser: Browser) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    payload: {},
    cookies: { [COOKIE]: browser.refreshToken },
  });

/** Refreshes and moves the browser to the rotated token; the status of the refresh. */
async function refreshed(browser: Browser): Promise<number> {
  const response = await refresh(browser);
  if (response.statusCode === 200) {
    browser.accessToken = response.json<{ accessToken: string }>().accessToken;
    browser.refreshToken = cookieValue(response, COOKIE) ?? '';
  }
  return response.statusCode;
}

const me = (accessToken: string) =>
  server().app.inject({ method: 'GET', url: ME, headers: { authorization: `Bearer ${accessToken}` } });

async function signedInMember(roleKeys = ['bfm-base']) {
  const { user, tenant } = await createUser(server().db, server().passwords, { roleKeys });
  return { user, tenant, browser: await login(user.email) };
}

describe('issue 10: access tokens issued in the future', () => {
  it('refuses a token whose iat lies more than 60 s ahead of the server clock, and accepts one within the skew', async () => {
    const { user } = await signedInMember();
    const clock = server().clock;
    const start = clock.now();
    clock.advanceSeconds(120);
    const ahead = await login(user.email);
    clock.advanceSeconds(-120 + 30);
    const slightlyAhead = await login(user.email);
    clock.set(start);
    expect(decodeJwt(ahead.accessToken).iat).toBeGreaterThan(start.getTime() / 1000 + 60);
    expect(expectErrorShape(await me(ahead.accessToken), 401).errorCode).toBe('ER-AUTH-INVALID-TOKEN');
    expect((await me(slightlyAhead.accessToken)).statusCode).toBe(200);
  });
});

describe('issue 10: access tokens not valid before a future time', () => {
  it('refuses a token signed with the server key whose nbf lies in the future (jose already did: a guard, not a fix)', async () => {
    const { browser } = await signedInMember();
    const [key] = await server().db.select().from(signingKeys);
    const privateJwk = key?.privateJwk;
    if (!key || !privateJwk) throw new Error('no signing key in clear');
    const claims = decodeJwt(browser.accessToken);
    const nowSeconds = Math.floor(server().clock.now().getTime() / 1000);
    const resign = (extra: Record<string, number>) =>
      importJWK(privateJwk, 'ES256').then((privateKey) =>
        new SignJWT({ ...claims, ...extra })
          .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
          .sign(privateKey),
      );
    // The same claims re-signed are accepted: only nbf differs below.
    expect((await me(await resign({}))).statusCode).toBe(200);
    expectErrorShape(await me(await resign({ nbf: nowSeconds + 120 })), 401);
  });
});

describe('issue 10: the revocation list', () => {
  it('logout ends the session’s access token at once, also one already verified (cached)', async () => {
    const { browser } = await signedInMember();
    expect((await me(browser.accessToken)).statusCode).toBe(200);
    const out = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/logout`,
      cookies: { [COOKIE]: browser.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expectErrorShape(await me(browser.accessToken), 401);
  });

  it('a session deleted by its user loses its access token; the user’s current session keeps working', async () => {
    const { user, browser: current } = await signedInMember();
    const other = await login(user.email);
    const sessions = (
      await server().app.inject({
        method: 'GET',
        url: `${API}/users/sessions/v1/me`,
        headers: { authorization: `Bearer ${current.accessToken}` },
      })
    ).json<{ id: string; current: boolean }[]>();
    const target = sessions.find((session) => !session.current);
    expect(target).toBeDefined();
    expect((await me(other.accessToken)).statusCode).toBe(200);
    const deleted = await server().app.inject({
      method: 'DELETE',
      url: `${API}/users/sessions/v1/me/${target?.id ?? ''}`,
      headers: { authorization: `Bearer ${current.accessToken}` },
    });
    expect(deleted.statusCode).toBe(200);
    expectErrorShape(await me(other.accessToken), 401);
    expect((await me(current.accessToken)).statusCode).toBe(200);
  });

  it('disabling and removing a member end their access tokens in that tenant at once', async () => {
    const team = await createTenantAdmins(server());
    const disabled = await login(team.member.user.email);
    const removed = await login(team.readOnly.user.email);
    for (const browser of [disabled, removed]) expect((await me(browser.accessToken)).statusCode).toBe(200);
    const admin = as(server(), team.admin);
    expect((await admin('POST', `${API}/tenants/users/v1/${team.member.user.id}/disable`)).statusCode).toBe(
      200,
    );
    expect((await admin('DELETE', `${TEAM}/members/v1/${team.readOnly.user.id}`)).statusCode).toBe(200);
    expectErrorShape(await me(disabled.accessToken), 401);
    expectErrorShape(await me(removed.accessToken), 401);
  });

  it('a role change ends the member’s old tokens; a refresh in the same second gets a working one with the new roles', async () => {
    const team = await createTenantAdmins(server());
    const browser = await login(team.readOnly.user.email);
    const readOnly: Member = { user: team.readOnly.user, authorization: `Bearer ${browser.accessToken}` };
    expect((await as(server(), readOnly)('GET', USERS)).statusCode).toBe(200);
    const [base] = await findVendorRolesByKeys(server().db, ['bfm-base']);
    const changed = await as(server(), team.admin)('PUT', `${TEAM}/members/v1`, {
      id: team.readOnly.user.id,
      roleIds: [base?.id ?? ''],
    });
    expect(changed.statusCode).toBe(200);
    // The old token still says ReadOnly: refused, though the TestClock has not moved a millisecond.
    expectErrorShape(await as(server(), readOnly)('GET', USERS), 401);
    expect(await refreshed(browser)).toBe(200);
    expect(decodeJwt(browser.accessToken).roles).toEqual(['bfm-base']);
    expect((await me(browser.accessToken)).statusCode).toBe(200);
    expectErrorShape(
      await as(server(), { authorization: `Bearer ${browser.accessToken}` })('GET', USERS),
      403,
    );
  });

  it('drops entries once the tokens they cover have expired, so memory stays bounded', () => {
    const clock = new TestClock(new Date('2026-11-26T10:00:00Z'));
    const list = createMemoryRevocationList({ clock, accessTokenTtlSeconds: 300 });
    list.revoke('session:a', clock.now().getTime());
    list.revoke('session:b', clock.now().getTime());
    expect(list.revokedAt('session:a', clock.now().getTime())).toBe(clock.now().getTime());
    clock.advanceSeconds(300 + 60);
    expect(list.revokedAt('session:a', clock.now().getTime())).toBeUndefined();
    list.revoke('session:c', clock.now().getTime());
    expect(list.size).toBe(1);
  });
});

describe('issue 10: absolute session lifetime', () => {
  it('a session refreshed every 25 days still ends 30 days after its sign-in', async () => {
    const { browser } = await signedInMember();
    server().clock.advanceSeconds(25 * DAY);
    expect(await refreshed(browser)).toBe(200);
    server().clock.advanceSeconds(25 * DAY);
    const refused = await refresh(browser);
    expect(expectErrorShape(refused, 401).errorCode).toBe('ER-AUTH-SESSION-EXPIRED');
  });

  it('the tenant’s active absolute timeout sets the lifetime instead of the default', async () => {
    const team = await createTenantAdmins(server());
    const policy = await as(server(), team.admin)('POST', `${API}/configurations/sessions/v1`, {
      sessionTimeoutConfiguration: { isActive: true, timeout: 60 * DAY },
    });
    expect(policy.statusCode).toBeLessThan(300);
    const browser = await login(team.member.user.email);
    server().clock.advanceSeconds(25 * DAY);
    expect(await refreshed(browser)).toBe(200);
    server().clock.advanceSeconds(25 * DAY);
    expect(await refreshed(browser)).toBe(200);
    server().clock.advanceSeconds(25 * DAY);
    expectErrorShape(await refresh(browser), 401);
  });
});

describe('issue 10: signing in again from a browser that holds a session', () => {
  it('ends the old session: its refresh token and its access token', async () => {
    const { user, browser: old } = await signedInMember();
    const again = await login(user.email, old.refreshToken);
    expect(again.refreshToken).not.toBe(old.refreshToken);
    expectErrorShape(await refresh(old), 401);
    expectErrorShape(await me(old.accessToken), 401);
    expect((await me(again.accessToken)).statusCode).toBe(200);
    expect(await refreshed(again)).toBe(200);
  });
});

describe('issue 10: API tokens’ access tokens on the server’s own API', () => {
  async function tenantToken(admin: Member, roleIds: string[]) {
    const created = await as(server(), admin)('POST', `${API}/tenants/api-tokens/v1`, {
      description: 'CI',
      roleIds,
    });
    expect(created.statusCode).toBe(201);
    const token = created.json<{ clientId: string; secret: string }>();
    const exchanged = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/api-token`,
      payload: { clientId: token.clientId, secret: token.secret },
    });
    expect(exchanged.statusCode).toBe(200);
    return {
      ...token,
      bearer: { authorization: `Bearer ${exchanged.json<{ accessToken: string }>().accessToken}` },
    };
  }

  it('a tenant token whose role grants fe.secure.read.users lists its tenant’s users; without it 403; deleted 401', async () => {
    const team = await createTenantAdmins(server());
    const reader = await createTenantRole(server(), team.tenant.id, ['fe.secure.read.users']);
    const other = await createTenantRole(server(), team.tenant.id, ['fe.secure.read.roles']);
    const allowed = await tenantToken(team.admin, [reader.id]);
    const refused = await tenantToken(team.admin, [other.id]);

    const listed = await as(server(), allowed.bearer)('GET', USERS);
    expect(listed.statusCode).toBe(200);
    const emails = listed.json<{ items: { email: string }[] }>().items.map((item) => item.email);
    expect(emails).toContain(team.member.user.email);
    expect(expectErrorShape(await as(server(), refused.bearer)('GET', USERS), 403).errorCode).toBe(
      'ER-ADMIN-FORBIDDEN',
    );

    const deleted = await as(server(), team.admin)(
      'DELETE',
      `${API}/tenants/api-tokens/v1/${allowed.clientId}`,
    );
    expect(deleted.statusCode).toBe(200);
    expectErrorShape(await as(server(), allowed.bearer)('GET', USERS), 401);
  });

  it('a personal token acts as its owner; once the owner is removed, its access tokens and exchanges fail at once', async () => {
    const team = await createTenantAdmins(server());
    const { user } = await createUser(server().db, server().passwords, {
      tenant: team.tenant,
      roleKeys: ['bfm-base', 'Admin'],
    });
    const owner: Member = { user, authorization: `Bearer ${(await login(user.email)).accessToken}` };
    const created = await as(server(), owner)('POST', `${API}/users/api-tokens/v1`, { description: 'CI' });
    expect(created.statusCode).toBe(201);
    const token = created.json<{ clientId: string; secret: string }>();
    const exchange = () =>
      server().app.inject({
        method: 'POST',
        url: `${API}/auth/v1/api-token`,
        payload: { clientId: token.clientId, secret: token.secret },
      });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${first.json<{ accessToken: string }>().accessToken}` };
    expect((await as(server(), bearer)('GET', USERS)).statusCode).toBe(200);

    expect((await as(server(), team.admin)('DELETE', `${TEAM}/members/v1/${owner.user.id}`)).statusCode).toBe(
      200,
    );
    expectErrorShape(await as(server(), bearer)('GET', USERS), 401);
    // The exchange had the grant in memory (10 s): the revocation makes it read the grant again.
    expectErrorShape(await exchange(), 401);
  });

  it('calls that act for a person answer an API token 403 in the error shape, not 500', async () => {
    const team = await createTenantAdmins(server());
    const personal = await createTenantRole(server(), team.tenant.id, ['fe.secure.read.userApiTokens']);
    const token = await tenantToken(team.admin, [personal.id]);
    for (const url of [ME, `${API}/users/sessions/v1/me`, `${API}/users/api-tokens/v1`]) {
      const body = expectErrorShape(await as(server(), token.bearer)('GET', url), 403);
      expect(body.errorCode).toBe('ER-AUTH-USER-SESSION-REQUIRED');
    }
  });
});
