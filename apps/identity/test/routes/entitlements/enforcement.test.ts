// Issue 15, SPEC section 6: "An action needs the permission and the linked feature entitlement". With the
// vendor's entitlements on, an admin call whose permission a feature links needs that feature; off, the
// permission alone decides. Turning it on or off is a superuser's, audited.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Feature, Plan } from '@brizo/contract/entities/entitlements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../src/db/schema/index.js';
import { as, createTenantAdmins, signedIn, type Member, type TenantAdmins } from '../../admin-support.js';
import { createUser } from '../../factories.js';
import { expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const ENTITLEMENTS = '/frontegg/entitlements';
const SETTINGS = `${ENTITLEMENTS}/resources/settings/v1`;
const GROUPS = '/frontegg/identity/resources/groups/v1';
const LINKED = 'fe.secure.write.groups';

let vendor: Member;
let team: TenantAdmins;
let plan: Plan;

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
const createGroup = () => as(server(), team.admin)('POST', GROUPS, { name: unique('Group') });
const grant = async (expiresAt: string | null) => {
  const response = await as(server(), vendor)('POST', `${ENTITLEMENTS}/resources/entitlements/v1`, {
    tenantId: team.tenant.id,
    planId: plan.id,
    expiresAt,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};
const turn = async (enabled: boolean) => {
  const response = await as(server(), vendor)('PUT', SETTINGS, { enabled });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ enabled });
};

beforeAll(async () => {
  const { user } = await createUser(server().db, server().passwords, {
    superUser: true,
    roleKeys: ['Admin'],
  });
  vendor = { user, authorization: await signedIn(server(), user.email) };
  team = await createTenantAdmins(server());
  const feature = await as(server(), vendor)('POST', `${ENTITLEMENTS}/resources/features/v1`, {
    key: unique('groups'),
    name: 'Groups',
    linkedPermissions: [LINKED],
  });
  expect(feature.statusCode, feature.body).toBe(201);
  const created = await as(server(), vendor)('POST', `${ENTITLEMENTS}/resources/plans/v1`, {
    name: unique('Team plan'),
    featureIds: [feature.json<Feature>().id],
  });
  expect(created.statusCode, created.body).toBe(201);
  plan = created.json<Plan>();
});

afterAll(async () => {
  await as(server(), vendor)('PUT', SETTINGS, { enabled: false });
});

describe('entitlement enforcement on admin calls', () => {
  it('is off by default: the permission alone decides', async () => {
    expect((await as(server(), vendor)('GET', SETTINGS)).json()).toEqual({ enabled: false });
    expect((await createGroup()).statusCode).toBe(201);
  });

  it('on, refuses a call whose permission a feature links until the account is entitled to it', async () => {
    await turn(true);
    const refused = await createGroup();
    expect(expectErrorShape(refused, 403).errorCode).toBe('ER-ENTITLEMENTS-NOT-ENTITLED');
    expect(refused.json<{ errors: string[] }>().errors).toEqual([
      "This account's plan does not include this feature",
    ]);
    // A permission no feature links is not affected.
    expect((await as(server(), team.admin)('GET', GROUPS)).statusCode).toBe(200);

    const ended = await grant('2020-01-01T00:00:00.000Z');
    const expired = await createGroup();
    expect(expectErrorShape(expired, 403).errorCode).toBe('ER-ENTITLEMENTS-NOT-ENTITLED');
    expect(expired.json<{ errors: string[] }>().errors).toEqual([
      "This account's access to this feature has ended",
    ]);

    await grant(null);
    expect((await createGroup()).statusCode).toBe(201);
    await as(server(), vendor)('DELETE', `${ENTITLEMENTS}/resources/entitlements/v1/${ended}`);
  });

  it("never gives one account's entitlement to another", async () => {
    const other = await createTenantAdmins(server());
    await turn(true);
    const response = await as(server(), other.admin)('POST', GROUPS, { name: unique('Group') });
    expect(expectErrorShape(response, 403).errorCode).toBe('ER-ENTITLEMENTS-NOT-ENTITLED');
  });

  it("holds a change of the console's catalogue at once: a newly linked permission, then unlinked", async () => {
    const other = await createTenantAdmins(server());
    await turn(true);
    const listGroups = () => as(server(), other.admin)('GET', GROUPS);
    expect((await listGroups()).statusCode).toBe(200);
    const created = await as(server(), vendor)('POST', `${ENTITLEMENTS}/resources/features/v1`, {
      key: unique('groups-read'),
      name: 'Reading groups',
      linkedPermissions: ['fe.secure.read.groups'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const feature = created.json<Feature>();
    expect(expectErrorShape(await listGroups(), 403).errorCode).toBe('ER-ENTITLEMENTS-NOT-ENTITLED');
    const unlinked = await as(server(), vendor)(
      'PATCH',
      `${ENTITLEMENTS}/resources/features/v1/${feature.id}`,
      { linkedPermissions: [] },
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await listGroups()).statusCode).toBe(200);
  });

  it('is turned on and off by a superuser only, audited in their account', async () => {
    expectErrorShape(await as(server(), team.admin)('PUT', SETTINGS, { enabled: false }), 403);
    expect((await server().app.inject({ method: 'GET', url: SETTINGS })).statusCode).toBe(401);
    expectErrorShape(await as(server(), vendor)('PUT', SETTINGS, { enabled: 'yes' }), 400);
    await turn(false);
    expect((await createGroup()).statusCode).toBe(201);
    const rows = await server()
      .db.select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.userId, vendor.user.id), eq(auditLogs.action, 'Entitlements turned on or off')),
      );
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
});
