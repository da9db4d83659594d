// Walk-through issue: the access-token type of API tokens (SPEC "API token types": accessToken) answered
// 404 on create and delete and its lists were always empty. The secret is itself the bearer token.
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { as, createTenantAdmins, signedIn, vendorRoleId } from '../../admin-support.js';
import { createUser } from '../../factories.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const PERSONAL = `${API}/users/access-tokens/v1`;
const TENANT = `${API}/tenants/access-tokens/v1`;
const USERS = `${API}/users/v2`;
const TENANT_API_TOKENS = `${API}/tenants/api-tokens/v1`;

interface Created {
  id: string;
  secret: string;
  description: string;
  createdAt: string;
  expires?: string;
  roleIds?: string[];
  createdByUserId?: string | null;
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe('tenant access tokens (/identity/resources/tenants/access-tokens/v1)', () => {
  it('creates a token whose secret acts with its roles, lists it without the secret, deletes it for good', async () => {
    const s = server();
    const { admin, tenant } = await createTenantAdmins(s);
    const readOnlyRole = await vendorRoleId(s, 'ReadOnly');
    const created = await as(s, admin)('POST', TENANT, {
      description: 'reporting',
      expiresInMinutes: 1440,
      roleIds: [readOnlyRole],
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json<Created>();
    expect(token).toMatchObject({
      description: 'reporting',
      roleIds: [readOnlyRole],
      createdByUserId: admin.user.id,
    });
    expect(token.expires).toBeDefined();

    // The secret is the bearer token: it reads what Read Only reads, in its own tenant, and changes nothing.
    const users = await as(s, bearer(token.secret))('GET', USERS);
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toContain(admin.user.id);
    expectErrorShape(await as(s, bearer(token.secret))('POST', TENANT_API_TOKENS, { description: 'x' }), 403);

    const listed = (await as(s, admin)('GET', TENANT)).json<{ accessTokens: Created[] }>().accessTokens;
    expect(listed).toEqual([
      {
        id: token.id,
        description: 'reporting',
        createdAt: token.createdAt,
        expires: token.expires,
        roleIds: [readOnlyRole],
        createdByUserId: admin.user.id,
      },
    ]);
    // Not among the client-credentials tokens, and they cannot delete it.
    expect((await as(s, admin)('GET', TENANT_API_TOKENS)).json()).toEqual([]);
    expectErrorShape(await as(s, admin)('DELETE', `${TENANT_API_TOKENS}/${token.id}`), 404);

    const deleted = await as(s, admin)('DELETE', `${TENANT}/${token.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectErrorShape(await as(s, bearer(token.secret))('GET', USERS), 401);
    // Long after any revocation entry is gone, the row decides.
    s.clock.advanceSeconds(7200);
    try {
      expectErrorShape(await as(s, bearer(token.secret))('GET', USERS), 401);
    } finally {
      s.clock.advanceSeconds(-7200);
    }
    expect((await as(s, admin)('GET', TENANT)).json()).toEqual({ accessTokens: [] });
    const actions = (await listAuditLogsByEmail(s.db, admin.user.email)).map((log) => log.description);
    expect(actions).toEqual(
      expect.arrayContaining([
        `Tenant access token ${token.id} created`,
        `Tenant access token ${token.id} deleted`,
      ]),
    );
    expect(tenant.id).toBeTruthy();
  });

  it('expires when its expiresInMinutes have passed; without one it does not', async () => {
    const s = server();
    const { admin } = await createTenantAdmins(s);
    const roleIds = [await vendorRoleId(s, 'ReadOnly')];
    const short = (
      await as(s, admin)('POST', TENANT, { description: 'short', expiresInMinutes: 10, roleIds })
    ).json<Created>();
    const lasting = (await as(s, admin)('POST', TENANT, { description: 'lasting', roleIds })).json<Created>();
    expect(lasting.expires).toBeUndefined();
    s.clock.advanceSeconds(11 * 60);
    try {
      expectErrorShape(await as(s, bearer(short.secret))('GET', USERS), 401);
      expect((await as(s, bearer(lasting.secret))('GET', USERS)).statusCode).toBe(200);
    } finally {
      s.clock.advanceSeconds(-11 * 60);
    }
  });

  it("another tenant's administrator neither sees nor deletes it; Read Only and members cannot create", async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    const token = (await as(s, a.admin)('POST', TENANT, { description: 'a only' })).json<Created>();
    expect((await as(s, b.admin)('GET', TENANT)).json()).toEqual({ accessTokens: [] });
    expectErrorShape(await as(s, b.admin)('DELETE', `${TENANT}/${token.id}`), 404);
    expect(
      (await as(s, a.admin)('GET', TENANT)).json<{ accessTokens: Created[] }>().accessTokens,
    ).toHaveLength(1);

    expect((await as(s, a.readOnly)('GET', TENANT)).statusCode).toBe(200);
    expectErrorShape(await as(s, a.readOnly)('POST', TENANT, { description: 'no' }), 403);
    expectErrorShape(await as(s, a.readOnly)('DELETE', `${TENANT}/${token.id}`), 403);
    expectErrorShape(await as(s, a.member)('GET', TENANT), 403);
    // Roles beyond the creator's own, and malformed input, are refused.
    expectErrorShape(await as(s, a.admin)('POST', TENANT, { roleIds: ['not-a-role'] }), 400);
    expectErrorShape(await as(s, a.admin)('POST', TENANT, { expiresInMinutes: -1 }), 400);
    expectErrorShape(await as(s, a.admin)('DELETE', `${TENANT}/nope`), 400);
  });
});

describe('personal access tokens (/identity/resources/users/access-tokens/v1)', () => {
  it("acts as its owner with the owner's roles of the moment; only the owner lists and deletes it", async () => {
    const s = server();
    const { admin, readOnly, tenant } = await createTenantAdmins(s);
    const { user: colleague } = await createUser(s.db, s.passwords, { tenant, roleKeys: ['Admin'] });
    const colleagueAuth = { authorization: await signedIn(s, colleague.email) };

    expectErrorShape(
      await as(s, admin)('POST', PERSONAL, { roleIds: [await vendorRoleId(s, 'Admin')] }),
      400,
    );
    const created = await as(s, admin)('POST', PERSONAL, { description: 'my script' });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json<Created>();
    expect(token.roleIds).toBeUndefined();

    expect((await as(s, bearer(token.secret))('GET', USERS)).statusCode).toBe(200);
    // Personal calls need a person's session, as with the client-credentials tokens.
    expectErrorShape(await as(s, bearer(token.secret))('GET', `${API}/users/v2/me`), 403);

    expect((await as(s, colleagueAuth)('GET', PERSONAL)).json()).toEqual({ accessTokens: [] });
    expectErrorShape(await as(s, colleagueAuth)('DELETE', `${PERSONAL}/${token.id}`), 404);
    expect((await as(s, readOnly)('GET', PERSONAL)).statusCode).toBe(200);
    expectErrorShape(await as(s, readOnly)('POST', PERSONAL, { description: 'no' }), 403);

    // The owner made Read Only: the token reads but no longer writes.
    const readOnlyRole = await vendorRoleId(s, 'ReadOnly');
    const demoted = await as(s, colleagueAuth)('PUT', '/frontegg/team/resources/members/v1', {
      id: admin.user.id,
      roleIds: [readOnlyRole],
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    s.clock.advanceSeconds(7200);
    try {
      expect((await as(s, bearer(token.secret))('GET', USERS)).statusCode).toBe(200);
      expectErrorShape(await as(s, bearer(token.secret))('POST', TENANT, { description: 'x' }), 403);
    } finally {
      s.clock.advanceSeconds(-7200);
    }

    const freshAdmin = { authorization: await signedIn(s, admin.user.email) };
    expect(
      (await as(s, freshAdmin)('GET', PERSONAL)).json<{ accessTokens: Created[] }>().accessTokens,
    ).toEqual([{ id: token.id, description: 'my script', createdAt: token.createdAt }]);
  });

  it('deleting it ends it; removing the owner from the tenant ends it too', async () => {
    const s = server();
    const { admin, tenant } = await createTenantAdmins(s);
    const { user: owner } = await createUser(s.db, s.passwords, { tenant, roleKeys: ['Admin'] });
    const ownerAuth = { authorization: await signedIn(s, owner.email) };
    const first = (await as(s, ownerAuth)('POST', PERSONAL, { description: 'one' })).json<Created>();
    const second = (await as(s, ownerAuth)('POST', PERSONAL, { description: 'two' })).json<Created>();
    expect((await as(s, ownerAuth)('DELETE', `${PERSONAL}/${first.id}`)).statusCode).toBe(200);
    expectErrorShape(await as(s, bearer(first.secret))('GET', USERS), 401);
    expect((await as(s, bearer(second.secret))('GET', USERS)).statusCode).toBe(200);

    expect((await as(s, admin)('DELETE', `/frontegg/team/resources/members/v1/${owner.id}`)).statusCode).toBe(
      200,
    );
    s.clock.advanceSeconds(7200);
    try {
      expectErrorShape(await as(s, bearer(second.secret))('GET', USERS), 401);
    } finally {
      s.clock.advanceSeconds(-7200);
    }
  });
});
