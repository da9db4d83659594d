import { describe, expect, it } from 'vitest';
import { recordBreachedPassword } from '../../../../src/db/queries/security-center.js';
import { as, createTenantAdmins } from '../../../admin-support.js';
import { passwordLogin } from '../../../lifecycle-helpers.js';
import { createUser } from '../../../factories.js';
import { API, expectErrorShape, useTestServer } from '../../../harness.js';

// The security center's three user tables, read exactly as the store's SecurityCenterState loads
// them: getUsersV3 with the table's preset, then the users' role ids and the roles.
const server = useTestServer();
const BULK_RESET = `${API}/users/v1/passwords/breached/reset/bulk`;

/**
 * The store's query: it always sends _maxInactiveSeconds and _includeSubTenants, and the rest-api
 * client writes a missing value as the text "undefined".
 */
const tableQuery = (preset: string, page = 0, maxInactiveSeconds?: number) =>
  `${API}/users/v3?_offset=${page}&_limit=10&_includeSubTenants=false&_preset=${preset}` +
  `&_maxInactiveSeconds=${maxInactiveSeconds ?? 'undefined'}`;

interface Page {
  items: { id: string; email: string; name: string; createdAt: string; lastLogin?: string }[];
  _metadata: { totalItems: number; totalPages: number };
}

describe('security center user tables (users v3 presets, as the store sends them)', () => {
  it('lists the unenrolled, breached and inactive users of the tenant, paged, for Admin and Read Only', async () => {
    const { admin, readOnly, member, tenant } = await createTenantAdmins(server());
    const { user: breached } = await createUser(server().db, server().passwords, { tenant });
    // What every sign-in with a password on the breached list records, after the password was set.
    await recordBreachedPassword(server().db, breached.id, new Date(Date.now() + 60_000));

    for (const who of [admin, readOnly]) {
      const unenrolled = await as(server(), who)('GET', tableQuery('mfa-unenrolled'));
      expect(unenrolled.statusCode, unenrolled.body).toBe(200);
      const page = unenrolled.json<Page>();
      expect(page.items.map((item) => item.id).sort()).toEqual(
        [admin.user.id, readOnly.user.id, member.user.id, breached.id].sort(),
      );
      expect(page._metadata).toEqual({ totalItems: 4, totalPages: 1 });

      const breachedPage = (await as(server(), who)('GET', tableQuery('breached-passwords'))).json<Page>();
      expect(breachedPage.items.map((item) => item.email)).toEqual([breached.email]);
    }

    // Everyone signed in moments ago: none inactive for 90 days; all of them for a second.
    const inactive = await as(server(), admin)('GET', tableQuery('inactive', 0, 7_776_000));
    expect(inactive.json<Page>()._metadata.totalItems).toBe(0);

    // The table's rows carry what the store asks next: role ids of those users, and the roles.
    const ids = [admin.user.id, member.user.id].join(',');
    const roles = await as(server(), readOnly)('GET', `${API}/users/v3/roles?ids=${ids}`);
    expect(roles.statusCode).toBe(200);
    expect(await as(server(), readOnly)('GET', `${API}/roles/v1`).then((answer) => answer.statusCode)).toBe(
      200,
    );
  });

  it('lists the users the breached-password recommendation counts, with the login-flow flag off (walk-through issue)', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    const breachedPassword = 'Password123!';
    const { user } = await createUser(server().db, server().passwords, {
      tenant,
      password: breachedPassword,
    });
    const flags = (await server().app.inject({ method: 'GET', url: '/frontegg/flags' })).json();
    expect(flags['security-center-show-login-flows']).toBe('off');
    expect((await passwordLogin(server(), user.email, breachedPassword)).statusCode).toBe(200);

    const recommendations = await as(server(), admin)(
      'GET',
      '/frontegg/security-center/resources/recommendations/v1',
    );
    const breachedCount = recommendations
      .json<{
        recommendations: { items: { code: string; metadata?: { password?: Record<string, number> } }[] };
      }>()
      .recommendations.items.find((item) => item.code === 'BREACHED_PASSWORDS_EXIST')?.metadata
      ?.password?.breachedPasswordUsersCount;
    expect(breachedCount).toBe(1);

    const table = (await as(server(), admin)('GET', tableQuery('breached-passwords'))).json<Page>();
    expect(table.items.map((item) => item.email)).toEqual([user.email]);
    expect(table._metadata.totalItems).toBe(breachedCount);
  });

  it('pages by page number: two users a page', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    await createUser(server().db, server().passwords, { tenant });
    const pageOf = async (page: number) =>
      (
        await as(server(), admin)(
          'GET',
          `${API}/users/v3?_offset=${page}&_limit=2&_includeSubTenants=false&_preset=mfa-unenrolled&_maxInactiveSeconds=undefined`,
        )
      ).json<Page>();
    const first = await pageOf(0);
    const second = await pageOf(1);
    expect(first._metadata).toEqual({ totalItems: 4, totalPages: 2 });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(4);
  });

  it("never lists another tenant's users; a member, no token and bad input are refused", async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const listed = (await as(server(), a.admin)('GET', tableQuery('mfa-unenrolled'))).json<Page>();
    const bIds = [b.admin, b.readOnly, b.member].map((who) => who.user.id);
    expect(listed.items.some((item) => bIds.includes(item.id))).toBe(false);

    expectErrorShape(await as(server(), a.member)('GET', tableQuery('mfa-unenrolled')), 403);
    expectErrorShape(await server().app.inject({ method: 'GET', url: tableQuery('mfa-unenrolled') }), 401);
    expectErrorShape(await as(server(), a.admin)('GET', tableQuery('everyone')), 400);
    expectErrorShape(await as(server(), a.admin)('GET', tableQuery('inactive', -1, 60)), 400);
    expectErrorShape(
      await as(server(), a.admin)('GET', `${API}/users/v3?_preset=inactive&_maxInactiveSeconds=soon`),
      400,
    );
  });

  it('Read Only sees the tables but cannot send the bulk reset; a member neither', async () => {
    const { readOnly, member } = await createTenantAdmins(server());
    expectErrorShape(await as(server(), readOnly)('POST', BULK_RESET), 403);
    expectErrorShape(await as(server(), member)('POST', BULK_RESET), 403);
    expectErrorShape(await server().app.inject({ method: 'POST', url: BULK_RESET }), 401);
  });
});
