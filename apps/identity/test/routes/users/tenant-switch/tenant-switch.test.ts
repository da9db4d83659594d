import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { findTenantByName, insertMembership } from '../../../../src/db/queries/tenants.js';
import { findUserByEmail } from '../../../../src/db/queries/users.js';
import { assignUserRoles, findVendorRolesByKeys } from '../../../../src/db/queries/roles.js';
import { listAuditLogsByEmail } from '../../../../src/db/queries/audit-logs.js';
import { memberships } from '../../../../src/db/schema/index.js';
import { SECOND_TENANT_NAME } from '../../../../src/services/seed.js';
import { createTenant, createUser, TEST_PASSWORD } from '../../../factories.js';
import { API, cookieValue, expectErrorShape, useTestServer } from '../../../harness.js';
import { COOKIE } from '../../../oauth-helpers.js';

const server = useTestServer();

/** A user in two tenants (roles bfm-base in the first, Admin in the second), signed in. */
async function userInTwoTenants() {
  const { db, passwords } = server();
  const { user, tenant } = await createUser(db, passwords, { roleKeys: ['bfm-base'] });
  const second = await createTenant(db);
  await insertMembership(db, user.id, second.id);
  const admin = await findVendorRolesByKeys(db, ['Admin']);
  await assignUserRoles(
    db,
    user.id,
    second.id,
    admin.map((role) => role.id),
  );
  const login = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  return {
    user,
    tenant,
    second,
    accessToken: login.json().accessToken as string,
    cookie: cookieValue(login, COOKIE) ?? '',
  };
}

const switchTenant = (accessToken: string | undefined, payload: unknown) =>
  server().app.inject({
    method: 'PUT',
    url: `${API}/users/v1/tenant`,
    payload: payload as Record<string, unknown>,
    ...(accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {}),
  });

const refresh = (cookie: string) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    payload: {},
    cookies: { [COOKIE]: cookie },
  });

describe('PUT /users/v1/tenant', () => {
  it('switches to another tenant of the user; the reloaded token carries its roles', async () => {
    const { user, second, accessToken, cookie } = await userInTwoTenants();
    const response = await switchTenant(accessToken, { tenantId: second.id });
    expect(response.statusCode).toBe(200);
    const reloaded = await refresh(cookie);
    expect(reloaded.statusCode).toBe(200);
    const claims = decodeJwt(reloaded.json().accessToken);
    expect(claims).toMatchObject({ tenantId: second.id, roles: ['Admin'] });
    const tenants = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v3/me/tenants`,
      headers: { authorization: `Bearer ${reloaded.json().accessToken}` },
    });
    expect(tenants.json().activeTenant.tenantId).toBe(second.id);
    // The choice outlives the session: the next login starts in the same tenant.
    expect((await findUserByEmail(server().db, user.email))?.activeTenantId).toBe(second.id);
    const audit = await listAuditLogsByEmail(server().db, user.email);
    expect(audit.map((entry) => entry.action)).toContain('User switched tenant');
  });

  it('refuses a tenant the user is not a member of, and audits it', async () => {
    const { user, accessToken, cookie, tenant } = await userInTwoTenants();
    const stranger = await createTenant(server().db);
    const body = expectErrorShape(await switchTenant(accessToken, { tenantId: stranger.id }), 403);
    expect(body.errorCode).toBe('ER-TENANTS-NOT-MEMBER');
    expect(decodeJwt((await refresh(cookie)).json().accessToken).tenantId).toBe(tenant.id);
    const audit = await listAuditLogsByEmail(server().db, user.email);
    expect(audit.map((entry) => entry.action)).toContain('Tenant switch refused');
  });

  it('refuses a tenant whose membership is disabled', async () => {
    const { db } = server();
    const { accessToken, second, user } = await userInTwoTenants();
    await db
      .update(memberships)
      .set({ isDisabled: true })
      .where(and(eq(memberships.userId, user.id), eq(memberships.tenantId, second.id)));
    expectErrorShape(await switchTenant(accessToken, { tenantId: second.id }), 403);
  });

  it('needs a valid access token', async () => {
    expectErrorShape(await switchTenant(undefined, { tenantId: crypto.randomUUID() }), 401);
    expectErrorShape(await switchTenant('not-a-jwt', { tenantId: crypto.randomUUID() }), 401);
  });

  it.each([
    ['no body', undefined],
    ['no tenantId', {}],
    ['tenantId of the wrong type', { tenantId: 42 }],
    ['tenantId not an id', { tenantId: "x' or 1=1 --" }],
  ])('%s → 400', async (_name, payload) => {
    const { accessToken } = await userInTwoTenants();
    expectErrorShape(await switchTenant(accessToken, payload), 400);
  });

  it('the seed gives admin@brizo.test a second tenant, Brizo Labs', async () => {
    const labs = await findTenantByName(server().db, SECOND_TENANT_NAME);
    expect(labs).toBeDefined();
    const login = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      payload: { email: 'admin@brizo.test', password: 'Brizo-demo-2026!' },
    });
    expect(decodeJwt(login.json().accessToken).tenantIds).toContain(labs?.id);
  });
});
