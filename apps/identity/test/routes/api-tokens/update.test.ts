// PATCH of tenant and personal API tokens (issue 4, admin portal part 1).
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  as,
  auditActionsOf,
  createTenantAdmins,
  createTenantRole,
  vendorRoleId as roleIdOf,
  type Member,
} from '../../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';
import { createUser } from '../../factories.js';
import { accessTokenOf } from '../../lifecycle-helpers.js';

const server = useTestServer();
const PERSONAL = `${API}/users/api-tokens/v1`;
const TENANT = `${API}/tenants/api-tokens/v1`;

const actionsOf = (who: Member) => auditActionsOf(server(), who);
const vendorRoleId = (key: string) => roleIdOf(server(), key);
const tenantRole = (tenantId: string, permissionKeys: string[]) =>
  createTenantRole(server(), tenantId, permissionKeys);

interface Token {
  clientId: string;
  secret: string;
  description: string;
  roleIds?: string[];
}

async function exchangedClaims(token: Token) {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/api-token`,
    payload: { clientId: token.clientId, secret: token.secret },
  });
  expect(response.statusCode).toBe(200);
  const jwks = (await server().app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
  const { payload } = await jwtVerify(
    response.json<{ accessToken: string }>().accessToken,
    createLocalJWKSet(jwks),
    {
      currentDate: server().clock.now(),
    },
  );
  return payload as { roles: string[]; permissions: string[] };
}

async function createToken(who: Member, url: string, body: object): Promise<Token> {
  const response = await as(server(), who)('POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Token>();
}

describe('PATCH /tenants/api-tokens/v1/:id', () => {
  it('changes the description and roles; the next exchange carries the new roles; audited', async () => {
    const team = await createTenantAdmins(server());
    const token = await createToken(team.admin, TENANT, {
      description: 'Reporting',
      roleIds: [await vendorRoleId('ReadOnly')],
    });
    expect((await exchangedClaims(token)).roles).toEqual(['ReadOnly']);

    const base = await vendorRoleId('bfm-base');
    const response = await as(server(), team.admin)('PATCH', `${TENANT}/${token.clientId}`, {
      description: 'Nightly export',
      roleIds: [base, base],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      clientId: token.clientId,
      description: 'Nightly export',
      roleIds: [base],
      tenantId: team.tenant.id,
    });
    expect(response.body).not.toContain(token.secret);
    expect((await as(server(), team.admin)('GET', TENANT)).json()).toEqual([
      expect.objectContaining({ clientId: token.clientId, description: 'Nightly export', roleIds: [base] }),
    ]);
    expect((await exchangedClaims(token)).roles).toEqual(['bfm-base']);

    const described = await as(server(), team.admin)('PATCH', `${TENANT}/${token.clientId}`, {
      description: 'Only the text',
    });
    expect(described.json()).toMatchObject({ description: 'Only the text', roleIds: [base] });
    expect(await actionsOf(team.admin)).toContain('API token updated');
  });

  it('gives no roles the caller does not hold, none of another tenant, and no unknown ones', async () => {
    const team = await createTenantAdmins(server());
    const token = await createToken(team.admin, TENANT, { description: 'Scoped' });
    const call = as(server(), team.admin);
    const beyond = await tenantRole(team.tenant.id, ['bfm.geo.eu']);
    const refused = expectErrorShape(
      await call('PATCH', `${TENANT}/${token.clientId}`, { roleIds: [beyond.id] }),
      403,
    );
    expect(refused.errorCode).toBe('ER-API-TOKENS-ROLE-NOT-GRANTABLE');
    const other = await createTenantAdmins(server());
    const foreign = await tenantRole(other.tenant.id, ['fe.secure.read.users']);
    expectErrorShape(await call('PATCH', `${TENANT}/${token.clientId}`, { roleIds: [foreign.id] }), 404);
    expectErrorShape(await call('PATCH', `${TENANT}/${token.clientId}`, { roleIds: [randomUUID()] }), 404);
    expect((await call('GET', TENANT)).json()).toEqual([
      expect.objectContaining({ description: 'Scoped', roleIds: [] }),
    ]);
  });

  it('keeps tenants apart: another tenant’s token and a personal token answer 404 and stay as they were', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const tokenOfB = await createToken(b.admin, TENANT, { description: 'B token' });
    const personalOfA = await createToken(a.admin, PERSONAL, { description: 'A personal' });
    expectErrorShape(
      await as(server(), a.admin)('PATCH', `${TENANT}/${tokenOfB.clientId}`, { description: 'taken' }),
      404,
    );
    expectErrorShape(
      await as(server(), a.admin)('PATCH', `${TENANT}/${personalOfA.clientId}`, { description: 'taken' }),
      404,
    );
    expect((await as(server(), b.admin)('GET', TENANT)).json()).toEqual([
      expect.objectContaining({ description: 'B token' }),
    ]);
    expect((await as(server(), a.admin)('GET', PERSONAL)).json()).toEqual([
      expect.objectContaining({ description: 'A personal' }),
    ]);
  });

  it('needs fe.secure.write.tenantApiTokens and answers bad input with 400', async () => {
    const team = await createTenantAdmins(server());
    const token = await createToken(team.admin, TENANT, { description: 'x' });
    const url = `${TENANT}/${token.clientId}`;
    expectErrorShape(await as(server(), team.readOnly)('PATCH', url, { description: 'y' }), 403);
    expectErrorShape(await as(server(), team.member)('PATCH', url, { description: 'y' }), 403);
    expectErrorShape(await server().app.inject({ method: 'PATCH', url, payload: { description: 'y' } }), 401);
    const call = as(server(), team.admin);
    const empty = expectErrorShape(await call('PATCH', url, {}), 400);
    expect(empty.errorCode).toBe('ER-API-TOKENS-NO-CHANGES');
    expectErrorShape(await call('PATCH', url, { description: 42 }), 400);
    expectErrorShape(await call('PATCH', url, { description: 'x'.repeat(1025) }), 400);
    expectErrorShape(await call('PATCH', url, { roleIds: 'Admin' }), 400);
    expectErrorShape(await call('PATCH', url, { roleIds: ['not-a-role'] }), 400);
    expectErrorShape(await call('PATCH', `${TENANT}/not-a-token`, { description: 'y' }), 400);
    expectErrorShape(await call('PATCH', `${TENANT}/${randomUUID()}`, { description: 'y' }), 404);
  });
});

describe('PATCH /users/api-tokens/v1/:id', () => {
  it('changes the description of the user’s own token only; audited', async () => {
    const team = await createTenantAdmins(server());
    const token = await createToken(team.admin, PERSONAL, { description: 'Laptop' });
    const response = await as(server(), team.admin)('PATCH', `${PERSONAL}/${token.clientId}`, {
      description: 'Old laptop',
      roleIds: [''],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ clientId: token.clientId, description: 'Old laptop' });
    expect(response.json()).not.toHaveProperty('roleIds');
    expect(await actionsOf(team.admin)).toContain('API token updated');

    // Another Admin of the same tenant cannot touch it, nor a tenant token through this path.
    const { user } = await createUser(server().db, server().passwords, {
      tenant: team.tenant,
      roleKeys: ['Admin'],
    });
    const other = { authorization: `Bearer ${await accessTokenOf(server(), user.email)}` };
    expectErrorShape(
      await as(server(), other)('PATCH', `${PERSONAL}/${token.clientId}`, { description: 'mine' }),
      404,
    );
    const tenantToken = await createToken(team.admin, TENANT, { description: 'Tenant' });
    expectErrorShape(
      await as(server(), team.admin)('PATCH', `${PERSONAL}/${tenantToken.clientId}`, { description: 'mine' }),
      404,
    );
    expect((await as(server(), team.admin)('GET', PERSONAL)).json()).toEqual([
      expect.objectContaining({ description: 'Old laptop' }),
    ]);
  });

  it('takes no roles (SPEC section 6), needs the write permission and answers bad input with 400', async () => {
    const team = await createTenantAdmins(server());
    const token = await createToken(team.admin, PERSONAL, { description: 'CI' });
    const url = `${PERSONAL}/${token.clientId}`;
    const call = as(server(), team.admin);
    const roles = expectErrorShape(
      await call('PATCH', url, { description: 'CI', roleIds: [await vendorRoleId('Admin')] }),
      400,
    );
    expect(roles.errorCode).toBe('ER-API-TOKENS-USER-ROLES');
    expect(expectErrorShape(await call('PATCH', url, {}), 400).errorCode).toBe('ER-API-TOKENS-NO-CHANGES');
    expectErrorShape(await call('PATCH', url, { description: null }), 400);
    expectErrorShape(await call('PATCH', `${PERSONAL}/123`, { description: 'x' }), 400);
    expectErrorShape(await as(server(), team.readOnly)('PATCH', url, { description: 'x' }), 403);
    expectErrorShape(await as(server(), team.member)('PATCH', url, { description: 'x' }), 403);
    expect((await call('GET', PERSONAL)).json()).toEqual([expect.objectContaining({ description: 'CI' })]);
  });
});
