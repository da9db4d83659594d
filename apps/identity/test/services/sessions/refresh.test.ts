import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../src/services/sessions.js';
import { AUTHORIZATION_CACHE_TTL_MS } from '../../../src/services/authorization-cache.js';
import { assignUserRoles, findVendorRolesByKeys } from '../../../src/db/queries/roles.js';
import { createTenant, createUser, TEST_PASSWORD } from '../../factories.js';
import { insertMembership } from '../../../src/db/queries/tenants.js';
import { API, cookieValue, expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const COOKIE = 'fe_refresh_brizoaccess';

async function signIn() {
  const { user, tenant } = await createUser(server().db, server().passwords, { roleKeys: ['bfm-base'] });
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return { user, tenant, refreshToken: cookieValue(response, COOKIE) ?? '' };
}

const refresh = (refreshToken: string | undefined, payload: unknown = { tenantId: null }) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    payload: payload as Record<string, unknown>,
    ...(refreshToken === undefined ? {} : { cookies: { [COOKIE]: refreshToken } }),
  });

describe('POST /auth/v1/user/token/refresh', () => {
  it('answers 401 in the error shape without a refresh cookie', async () => {
    const body = expectErrorShape(await refresh(undefined), 401);
    expect(body.errorCode).toBe('ER-AUTH-NO-SESSION');
  });

  it('answers 401 to an unknown refresh token and clears the cookie', async () => {
    const response = await refresh('made-up-token');
    expectErrorShape(response, 401);
    expect(response.cookies.find((entry) => entry.name === COOKIE)?.value).toBe('');
  });

  it('rotates the refresh token on every use and issues a fresh access token', async () => {
    const { user, refreshToken } = await signIn();
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = cookieValue(first, COOKIE);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(refreshToken);
    expect(first.json()).not.toHaveProperty('refreshToken'); // issue 10: cookie only
    const claims = decodeJwt(first.json().accessToken);
    expect(claims).toMatchObject({
      sub: user.id,
      roles: ['bfm-base'],
      permissions: expect.arrayContaining(['bfm.base', 'bfm.geo.us']),
    });
    const second = await refresh(rotated);
    expect(second.statusCode).toBe(200);
  });

  it('accepts the SDK bodies: {tenantId: null}, {} and none', async () => {
    const { refreshToken } = await signIn();
    const a = await refresh(refreshToken, { tenantId: null });
    const b = await refresh(cookieValue(a, COOKIE), {});
    const c = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      cookies: { [COOKIE]: cookieValue(b, COOKIE) ?? '' },
    });
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
  });

  it('reuse of a rotated token after the grace period revokes the whole family and is audited', async () => {
    const { user, refreshToken } = await signIn();
    const first = await refresh(refreshToken);
    const successor = cookieValue(first, COOKIE);
    server().clock.advanceSeconds(REFRESH_REUSE_GRACE_SECONDS + 1);
    const reuse = await refresh(refreshToken);
    expectErrorShape(reuse, 401);
    // The legitimate successor is dead too: the family is revoked.
    expectErrorShape(await refresh(successor), 401);
    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((entry) => entry.action);
    expect(actions).toContain('Refresh token reuse detected, session revoked');
  });

  it('a concurrent reuse within the grace period gets its own token (two tabs racing)', async () => {
    const { refreshToken } = await signIn();
    const [a, b] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(cookieValue(a, COOKIE)).not.toBe(cookieValue(b, COOKIE));
    expect((await refresh(cookieValue(a, COOKIE))).statusCode).toBe(200);
    expect((await refresh(cookieValue(b, COOKIE))).statusCode).toBe(200);
  });

  it('an expired refresh token answers 401', async () => {
    const { refreshToken } = await signIn();
    server().clock.advanceSeconds(server().config.refreshTokenTtlSeconds + 1);
    expectErrorShape(await refresh(refreshToken), 401);
  });

  it('switches the active tenant when asked for one the user belongs to, and ignores others', async () => {
    const { user, tenant, refreshToken } = await signIn();
    const other = await createTenant(server().db, { name: 'Second account' });
    await insertMembership(server().db, user.id, other.id);
    const stranger = await createTenant(server().db);
    const ignored = await refresh(refreshToken, { tenantId: stranger.id });
    expect(decodeJwt(ignored.json().accessToken).tenantId).toBe(tenant.id);
    const switched = await refresh(cookieValue(ignored, COOKIE), { tenantId: other.id });
    const claims = decodeJwt(switched.json().accessToken);
    expect(claims.tenantId).toBe(other.id);
    expect(claims.roles).toEqual([]);
    expect(claims.tenantIds).toEqual([tenant.id, other.id]);
  });

  it('a role granted after login shows in the token once the authorization cache expires', async () => {
    const { user, tenant, refreshToken } = await signIn();
    const [admin] = await findVendorRolesByKeys(server().db, ['Admin']);
    await assignUserRoles(server().db, user.id, tenant.id, [admin?.id ?? '']);
    server().clock.advanceSeconds(AUTHORIZATION_CACHE_TTL_MS / 1000 + 1);
    const response = await refresh(refreshToken);
    expect(decodeJwt(response.json().accessToken).roles).toEqual(['Admin', 'bfm-base']);
  });

  it('rejects a wrongly typed tenantId with 400', async () => {
    expectErrorShape(await refresh('x', { tenantId: 5 }), 400);
  });
});
