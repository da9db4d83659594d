// Issue 4: personal and tenant API tokens, and their client-credentials exchange.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { assignUserRoles } from '../../../src/db/queries/roles.js';
import { apiTokens, memberships, users } from '../../../src/db/schema/index.js';
import {
  as,
  createTenantAdmins,
  createTenantRole,
  vendorRoleId as roleIdOf,
  type Member,
} from '../../admin-support.js';
import { API, expectErrorShape, useTestServer, type TestServer } from '../../harness.js';
import { createUser } from '../../factories.js';
import { accessTokenOf } from '../../lifecycle-helpers.js';

const server = useTestServer();
const PERSONAL = `${API}/users/api-tokens/v1`;
const TENANT = `${API}/tenants/api-tokens/v1`;
const EXCHANGE = `${API}/auth/v1/api-token`;

interface CreatedToken {
  clientId: string;
  secret: string;
  description: string;
  createdAt: string;
  expires?: string;
  roleIds?: string[];
}

const exchange = (body: unknown) =>
  server().app.inject({ method: 'POST', url: EXCHANGE, payload: body as object });

async function claimsOf(accessToken: string) {
  const jwks = (await server().app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
  const { payload } = await jwtVerify(accessToken, createLocalJWKSet(jwks), {
    currentDate: server().clock.now(),
  });
  return payload as { sub: string; tenantId: string; roles: string[]; permissions: string[]; type: string };
}

async function exchangedClaims(token: { clientId: string; secret: string }) {
  const response = await exchange({ clientId: token.clientId, secret: token.secret });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ accessToken: string; expiresIn: number; expires: string }>();
  expect(body.expiresIn).toBeGreaterThan(0);
  return claimsOf(body.accessToken);
}

const vendorRoleId = (key: string) => roleIdOf(server(), key);
const tenantRole = (tenantId: string, permissionKeys: string[]) =>
  createTenantRole(server(), tenantId, permissionKeys);

async function createPersonal(who: Member, body: object = { description: 'CI' }) {
  const response = await as(server(), who)('POST', PERSONAL, body);
  expect(response.statusCode).toBe(201);
  return response.json<CreatedToken>();
}

async function createTenantToken(who: Member, body: object) {
  const response = await as(server(), who)('POST', TENANT, body);
  expect(response.statusCode).toBe(201);
  return response.json<CreatedToken>();
}

describe('personal API tokens', () => {
  it('creates a token whose secret is shown once and exchanges it for the owner’s roles', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    const token = await createPersonal(admin, { description: 'Deploy bot', expiresInMinutes: 7 * 1440 });
    expect(token.secret.length).toBeGreaterThanOrEqual(43);
    expect(token.description).toBe('Deploy bot');
    expect(new Date(token.expires ?? '').getTime() - new Date(token.createdAt).getTime()).toBe(
      7 * 86_400_000,
    );

    const list = await as(server(), admin)('GET', PERSONAL);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ clientId: token.clientId, description: 'Deploy bot' }),
    ]);
    expect(list.body).not.toContain(token.secret);

    const claims = await exchangedClaims(token);
    expect(claims).toMatchObject({ sub: admin.user.id, tenantId: tenant.id, type: 'userApiToken' });
    expect(claims.roles).toEqual(expect.arrayContaining(['Admin', 'bfm-base']));
    expect(claims.permissions).toContain('fe.secure.write.users');
  });

  it('stores only a hash of the secret', async () => {
    const { admin } = await createTenantAdmins(server());
    const token = await createPersonal(admin);
    const [row] = await server().db.select().from(apiTokens).where(eq(apiTokens.clientId, token.clientId));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.secret);
  });

  it('refuses roleIds (SPEC section 6) and bad input', async () => {
    const { admin } = await createTenantAdmins(server());
    const call = as(server(), admin);
    const refused = expectErrorShape(
      await call('POST', PERSONAL, { roleIds: [await vendorRoleId('Admin')] }),
      400,
    );
    expect(refused.errorCode).toBe('ER-API-TOKENS-USER-ROLES');
    expectErrorShape(await call('POST', PERSONAL, { description: 42 }), 400);
    expectErrorShape(await call('POST', PERSONAL, { expiresInMinutes: 'soon' }), 400);
    expectErrorShape(await call('POST', PERSONAL, { expiresInMinutes: 0 }), 400);
    expectErrorShape(await call('POST', PERSONAL, { expiresInMinutes: 1.5 }), 400);
    expectErrorShape(await call('POST', PERSONAL, 'not json'), 415);
    expectErrorShape(await call('DELETE', `${PERSONAL}/not-a-uuid`), 400);
    expectErrorShape(await call('DELETE', `${PERSONAL}/${randomUUID()}`), 404);
  });

  it('never shows nor deletes another user’s tokens, even in the same tenant', async () => {
    const { admin, readOnly, tenant } = await createTenantAdmins(server());
    const token = await createPersonal(admin);
    expect((await as(server(), readOnly)('GET', PERSONAL)).json()).toEqual([]);
    const { user: otherAdmin } = await createUser(server().db, server().passwords, {
      tenant,
      roleKeys: ['Admin'],
    });
    const other = { authorization: `Bearer ${await accessTokenOf(server(), otherAdmin.email)}` };
    expectErrorShape(await as(server(), other)('DELETE', `${PERSONAL}/${token.clientId}`), 404);
    expect((await exchange({ clientId: token.clientId, secret: token.secret })).statusCode).toBe(200);
  });

  it('lets Read Only read but not change; a member without the permission gets 403; no token 401', async () => {
    const { admin, readOnly, member } = await createTenantAdmins(server());
    const token = await createPersonal(admin);
    expect((await as(server(), readOnly)('GET', PERSONAL)).statusCode).toBe(200);
    expect((await as(server(), readOnly)('GET', `${API}/users/access-tokens/v1`)).json()).toEqual({
      accessTokens: [],
    });
    expectErrorShape(await as(server(), readOnly)('POST', PERSONAL, { description: 'x' }), 403);
    expectErrorShape(await as(server(), readOnly)('DELETE', `${PERSONAL}/${token.clientId}`), 403);
    expectErrorShape(await as(server(), member)('GET', PERSONAL), 403);
    expectErrorShape(await server().app.inject({ method: 'GET', url: PERSONAL }), 401);
    expectErrorShape(await server().app.inject({ method: 'POST', url: PERSONAL, payload: {} }), 401);
  });

  it('stops working when its owner is locked', async () => {
    const { admin } = await createTenantAdmins(server());
    const token = await createPersonal(admin);
    await server().db.update(users).set({ isLocked: true }).where(eq(users.id, admin.user.id));
    expectErrorShape(await exchange({ clientId: token.clientId, secret: token.secret }), 401);
  });

  it('stops working when deleted, and when its owner is disabled in the tenant', async () => {
    const { admin } = await createTenantAdmins(server());
    const deleted = await createPersonal(admin);
    expect((await as(server(), admin)('DELETE', `${PERSONAL}/${deleted.clientId}`)).statusCode).toBe(200);
    expectErrorShape(await exchange({ clientId: deleted.clientId, secret: deleted.secret }), 401);
    expectErrorShape(await as(server(), admin)('DELETE', `${PERSONAL}/${deleted.clientId}`), 404);

    const kept = await createPersonal(admin);
    await server()
      .db.update(memberships)
      .set({ isDisabled: true })
      .where(eq(memberships.userId, admin.user.id));
    expectErrorShape(await exchange({ clientId: kept.clientId, secret: kept.secret }), 401);
  });
});

describe('tenant API tokens', () => {
  it('creates a token with roles and expiry (days × 1440) whose access token carries the roles', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    const readOnlyRole = await vendorRoleId('ReadOnly');
    const token = await createTenantToken(admin, {
      description: 'Reporting',
      roleIds: [readOnlyRole],
      expiresInMinutes: 30 * 1440,
    });
    expect(token).toMatchObject({ description: 'Reporting', roleIds: [readOnlyRole], tenantId: tenant.id });
    expect(token.secret).toBeTruthy();

    const list = (await as(server(), admin)('GET', TENANT)).json<CreatedToken[]>();
    expect(list.map((entry) => entry.clientId)).toEqual([token.clientId]);
    expect(JSON.stringify(list)).not.toContain(token.secret);

    const claims = await exchangedClaims(token);
    expect(claims).toMatchObject({
      sub: token.clientId,
      tenantId: tenant.id,
      type: 'tenantApiToken',
      roles: ['ReadOnly'],
    });
    expect(claims.permissions).toContain('fe.secure.read.users');
    expect(claims.permissions).not.toContain('fe.secure.write.users');

    const v2 = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v2/api-token`,
      payload: { clientId: token.clientId, secret: token.secret },
    });
    expect(Object.keys(v2.json()).sort()).toEqual(['access_token', 'expires', 'expires_in']);

    const audit = await listAuditLogsByEmail(server().db, admin.user.email);
    expect(audit.map((entry) => entry.action)).toContain('API token created');
  });

  it('accepts the v2 create path the SDK uses', async () => {
    const { admin } = await createTenantAdmins(server());
    const response = await as(server(), admin)('POST', `${API}/tenants/api-tokens/v2`, {
      description: 'SDK',
      roleIds: [],
      expiresInMinutes: null,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().expires).toBeUndefined();
  });

  it('refuses roles the creator does not hold and roles of other tenants', async () => {
    const { tenant, admin } = await createTenantAdmins(server());
    const maker = await createUser(server().db, server().passwords, { tenant });
    const makerRole = await tenantRole(tenant.id, [
      'fe.secure.read.tenantApiTokens',
      'fe.secure.write.tenantApiTokens',
    ]);
    await assignUserRoles(server().db, maker.user.id, tenant.id, [makerRole.id]);
    const makerCall = as(server(), {
      authorization: `Bearer ${await accessTokenOf(server(), maker.user.email)}`,
    });
    const escalation = expectErrorShape(
      await makerCall('POST', TENANT, { roleIds: [await vendorRoleId('Admin')] }),
      403,
    );
    expect(escalation.errorCode).toBe('ER-API-TOKENS-ROLE-NOT-GRANTABLE');
    expect((await makerCall('POST', TENANT, { roleIds: [makerRole.id] })).statusCode).toBe(201);

    const other = await createTenantAdmins(server());
    const foreignRole = await tenantRole(other.tenant.id, ['fe.secure.read.users']);
    expectErrorShape(await as(server(), admin)('POST', TENANT, { roleIds: [foreignRole.id] }), 404);
    expectErrorShape(await as(server(), admin)('POST', TENANT, { roleIds: [randomUUID()] }), 404);
  });

  it('answers bad input with 400', async () => {
    const { admin } = await createTenantAdmins(server());
    const call = as(server(), admin);
    expectErrorShape(await call('POST', TENANT, { roleIds: 'Admin' }), 400);
    expectErrorShape(await call('POST', TENANT, { roleIds: ['not-a-uuid'] }), 400);
    expectErrorShape(await call('POST', TENANT, { expiresInMinutes: -5 }), 400);
    expectErrorShape(await call('POST', TENANT, { description: ['x'] }), 400);
    expectErrorShape(await call('DELETE', `${TENANT}/123`), 400);
  });

  it('lets Read Only read but not change; a member gets 403; no token 401', async () => {
    const { admin, readOnly, member } = await createTenantAdmins(server());
    const token = await createTenantToken(admin, { description: 'x' });
    expect((await as(server(), readOnly)('GET', TENANT)).json()).toHaveLength(1);
    expect((await as(server(), readOnly)('GET', `${API}/tenants/access-tokens/v1`)).json()).toEqual({
      accessTokens: [],
    });
    expectErrorShape(await as(server(), readOnly)('POST', TENANT, { description: 'x' }), 403);
    expectErrorShape(await as(server(), readOnly)('DELETE', `${TENANT}/${token.clientId}`), 403);
    expectErrorShape(await as(server(), member)('GET', TENANT), 403);
    expectErrorShape(await as(server(), member)('POST', TENANT, {}), 403);
    expectErrorShape(await server().app.inject({ method: 'GET', url: TENANT }), 401);
    expectErrorShape(
      await server().app.inject({ method: 'DELETE', url: `${TENANT}/${token.clientId}` }),
      401,
    );
  });

  it('keeps tenants apart: another tenant’s token ids answer 404, change nothing and never list', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const tokenOfA = await createTenantToken(a.admin, { description: 'A' });
    const personalOfA = await createPersonal(a.admin);
    const tokenOfB = await createTenantToken(b.admin, { description: 'B' });

    expectErrorShape(await as(server(), b.admin)('DELETE', `${TENANT}/${tokenOfA.clientId}`), 404);
    expectErrorShape(await as(server(), b.admin)('DELETE', `${PERSONAL}/${personalOfA.clientId}`), 404);
    expectErrorShape(await as(server(), a.admin)('DELETE', `${TENANT}/${personalOfA.clientId}`), 404);
    const listOfB = (await as(server(), b.admin)('GET', TENANT)).json<CreatedToken[]>();
    expect(listOfB.map((token) => token.clientId)).toEqual([tokenOfB.clientId]);
    const listOfA = (await as(server(), a.admin)('GET', TENANT)).json<CreatedToken[]>();
    expect(listOfA.map((token) => token.clientId)).toEqual([tokenOfA.clientId]);
    expect((await exchangedClaims(tokenOfA)).tenantId).toBe(a.tenant.id);
    expect((await exchangedClaims(personalOfA)).tenantId).toBe(a.tenant.id);
  });
});

describe('the client-credentials exchange', () => {
  async function tenantTokenFor(s: TestServer, minutes?: number) {
    const { admin } = await createTenantAdmins(s);
    return createTenantToken(admin, {
      description: 'exchange',
      ...(minutes ? { expiresInMinutes: minutes } : {}),
    });
  }

  it('answers one 401 for a wrong secret, an unknown client or a malformed client id', async () => {
    const token = await tenantTokenFor(server());
    const wrongSecret = expectErrorShape(
      await exchange({ clientId: token.clientId, secret: `${token.secret}x` }),
      401,
    );
    const unknown = expectErrorShape(await exchange({ clientId: randomUUID(), secret: token.secret }), 401);
    const malformed = expectErrorShape(await exchange({ clientId: 'abc', secret: token.secret }), 401);
    expect(wrongSecret).toEqual(unknown);
    expect(malformed).toEqual(unknown);
  });

  it('answers 400 for missing or mistyped fields', async () => {
    expectErrorShape(await exchange({}), 400);
    expectErrorShape(await exchange({ clientId: randomUUID() }), 400);
    expectErrorShape(await exchange({ clientId: 1, secret: 2 }), 400);
  });

  it('answers a body that is not JSON, or not an object, in the error shape (the route parses its own JSON)', async () => {
    const send = (payload: string, contentType = 'application/json') =>
      server().app.inject({
        method: 'POST',
        url: EXCHANGE,
        payload,
        headers: { 'content-type': contentType },
      });
    expect(expectErrorShape(await send(''), 400).errorCode).toBe('ER-REQUEST-MALFORMED-JSON');
    expect(expectErrorShape(await send('{"clientId":'), 400).errorCode).toBe('ER-REQUEST-MALFORMED-JSON');
    expect(expectErrorShape(await send('[]'), 400).errorCode).toBe('ER-REQUEST-VALIDATION');
    expectErrorShape(await send('clientId=a&secret=b', 'application/x-www-form-urlencoded'), 415);
    // A __proto__ key is only a key: the credentials schema keeps clientId and secret.
    const polluted = await send(`{"clientId":"${randomUUID()}","secret":"x","__proto__":{"isAdmin":true}}`);
    expectErrorShape(polluted, 401);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses an expired token, and never signs past the token’s own expiry', async () => {
    const token = await tenantTokenFor(server(), 1);
    const response = await exchange({ clientId: token.clientId, secret: token.secret });
    expect(response.json().expiresIn).toBeLessThanOrEqual(60);
    server().clock.advanceSeconds(61);
    try {
      expectErrorShape(await exchange({ clientId: token.clientId, secret: token.secret }), 401);
    } finally {
      server().clock.advanceSeconds(-61);
    }
  });

  it('audits the deletion of a token', async () => {
    const { admin } = await createTenantAdmins(server());
    const token = await createTenantToken(admin, {});
    await as(server(), admin)('DELETE', `${TENANT}/${token.clientId}`);
    const audit = await listAuditLogsByEmail(server().db, admin.user.email);
    expect(audit.find((entry) => entry.action === 'API token deleted')).toMatchObject({
      action: 'API token deleted',
      json: { clientId: token.clientId, type: 'tenant' },
    });
    expectErrorShape(await exchange({ clientId: token.clientId, secret: token.secret }), 401);
  });
});
