// Issue 15: user-entitlements v2 answers what the SDK evaluates (direct and user-level entitlements,
// their expiry, feature flags, plan targeting), only of the caller's tenant; the superuser console's
// plans, features and entitlements are a superuser's alone, validated, and audited.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  NEVER_EXPIRES,
  type Entitlement,
  type Feature,
  type Plan,
  type UserEntitlements,
} from '@brizo/contract/entities/entitlements';
import { isEntitledToFeature, isEntitledToPermission } from '@brizo/contract/entitlements';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../src/db/schema/index.js';
import { as, createTenantAdmins, signedIn, type Member, type TenantAdmins } from '../../admin-support.js';
import { createUser } from '../../factories.js';
import { expectErrorShape, uniqueEmail, useTestServer } from '../../harness.js';

const server = useTestServer();
const ENTITLEMENTS = '/frontegg/entitlements';
const USER_ENTITLEMENTS = `${ENTITLEMENTS}/api/v2/user-entitlements`;
const PLANS = `${ENTITLEMENTS}/resources/plans/v1`;
const FEATURES = `${ENTITLEMENTS}/resources/features/v1`;
const GRANTS = `${ENTITLEMENTS}/resources/entitlements/v1`;
const LONG_AGO = '2020-01-01T00:00:00.000Z';
const FAR_AHEAD = '2099-01-01T00:00:00.000Z';

let vendor: Member;
beforeAll(async () => {
  const { user } = await createUser(server().db, server().passwords, {
    superUser: true,
    roleKeys: ['Admin'],
  });
  vendor = { user, authorization: await signedIn(server(), user.email) };
});

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

const created = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
};

const createFeature = async (body: Record<string, unknown> = {}) =>
  created<Feature>(
    await as(server(), vendor)('POST', FEATURES, { key: unique('feature'), name: 'A feature', ...body }),
  );

const createPlan = async (body: Record<string, unknown> = {}) =>
  created<Plan>(await as(server(), vendor)('POST', PLANS, { name: unique('Plan'), ...body }));

const grant = async (body: Record<string, unknown>) =>
  created<Entitlement>(await as(server(), vendor)('POST', GRANTS, body));

const contextOf = async (who: Pick<Member, 'authorization'>) => {
  const response = await as(server(), who)('GET', USER_ENTITLEMENTS);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserEntitlements>();
};

/** The rules' attributes as the SDK gives them: the caller's token claims. */
const jwtOf = (who: Member, tenantId: string) => ({
  jwt: { email: who.user.email, tenantId, id: who.user.id },
});

const emailRule = (domain: string) => ({
  conditionLogic: 'and',
  conditions: [{ attribute: 'frontegg.email', op: 'ends_with', value: { list: [domain] }, negate: false }],
  treatment: 'true',
});

describe('GET /entitlements/api/v2/user-entitlements', () => {
  let team: TenantAdmins;
  beforeAll(async () => {
    team = await createTenantAdmins(server());
  });

  it('answers every feature of a plan the tenant is entitled to, never expiring', async () => {
    const feature = await createFeature({ linkedPermissions: ['fe.secure.write.samlConfiguration'] });
    const plan = await createPlan({ featureIds: [feature.id] });
    await grant({ tenantId: team.tenant.id, planId: plan.id });

    const context = await contextOf(team.admin);
    expect(context.features[feature.key]).toEqual({
      planIds: [plan.id],
      expireTime: NEVER_EXPIRES,
      linkedPermissions: ['fe.secure.write.samlConfiguration'],
    });
    expect(context.plans[plan.id]).toEqual({ defaultTreatment: 'false', rules: [] });
    const attributes = jwtOf(team.admin, team.tenant.id);
    expect(isEntitledToFeature(context, feature.key, attributes)).toEqual({ isEntitled: true });
    // Every member of the tenant: the entitlement is the tenant's.
    expect(isEntitledToFeature(await contextOf(team.member), feature.key)).toEqual({ isEntitled: true });
  });

  it("answers the caller's permissions in the tenant, which a linked feature then gates", async () => {
    const claims = JSON.parse(
      Buffer.from(team.admin.authorization.split('.')[1] ?? '', 'base64url').toString(),
    ) as { permissions: string[] };
    const held = claims.permissions.find((key) => key.startsWith('fe.secure.read.'));
    expect(held).toBeDefined();
    const feature = await createFeature({ linkedPermissions: [held] });
    const context = await contextOf(team.admin);
    expect(Object.keys(context.permissions).sort()).toEqual([...claims.permissions].sort());
    expect(Object.values(context.permissions).every((value) => value === true)).toBe(true);
    expect(isEntitledToPermission(context, held ?? '')).toEqual({
      isEntitled: false,
      justification: 'MISSING_FEATURE',
    });
    await grant({ tenantId: team.tenant.id, featureId: feature.id });
    expect(isEntitledToPermission(await contextOf(team.admin), held ?? '')).toEqual({ isEntitled: true });
  });

  it('entitles one user of the tenant, not the others', async () => {
    const feature = await createFeature();
    await grant({
      tenantId: team.tenant.id,
      userId: team.member.user.id,
      featureId: feature.id,
      expiresAt: FAR_AHEAD,
    });

    const mine = await contextOf(team.member);
    expect(mine.features[feature.key]?.expireTime).toBe(Date.parse(FAR_AHEAD));
    expect(isEntitledToFeature(mine, feature.key)).toEqual({ isEntitled: true });
    const theirs = await contextOf(team.admin);
    expect(theirs.features[feature.key]?.expireTime).toBeNull();
    expect(isEntitledToFeature(theirs, feature.key)).toEqual({
      isEntitled: false,
      justification: 'MISSING_FEATURE',
    });
  });

  it('gives an expired entitlement its past end, which evaluates as BUNDLE_EXPIRED', async () => {
    const feature = await createFeature();
    const plan = await createPlan({ featureIds: [feature.id] });
    await grant({ tenantId: team.tenant.id, planId: plan.id, expiresAt: LONG_AGO });

    const context = await contextOf(team.admin);
    expect(context.features[feature.key]?.expireTime).toBe(Date.parse(LONG_AGO));
    expect(isEntitledToFeature(context, feature.key)).toEqual({
      isEntitled: false,
      justification: 'BUNDLE_EXPIRED',
    });

    // A later entitlement to the same feature wins over the expired one; one without an end, over both.
    await grant({ tenantId: team.tenant.id, featureId: feature.id, expiresAt: FAR_AHEAD });
    expect((await contextOf(team.admin)).features[feature.key]?.expireTime).toBe(Date.parse(FAR_AHEAD));
    await grant({ tenantId: team.tenant.id, userId: team.admin.user.id, featureId: feature.id });
    expect((await contextOf(team.admin)).features[feature.key]?.expireTime).toBe(NEVER_EXPIRES);
  });

  it("entitles through a feature's flag whose rule holds on the caller's email", async () => {
    const domain = `@${unique('vip')}.test`;
    const featureFlag = {
      on: true,
      offTreatment: 'false',
      defaultTreatment: 'false',
      rules: [emailRule(domain)],
    };
    const feature = await createFeature({ featureFlag });
    const { user } = await createUser(server().db, server().passwords, {
      tenant: team.tenant,
      email: uniqueEmail('vip', domain.slice(1)),
      roleKeys: ['bfm-base'],
    });
    const vip = { user, authorization: await signedIn(server(), user.email) };

    const context = await contextOf(vip);
    expect(context.features[feature.key]?.featureFlag).toEqual(featureFlag);
    expect(isEntitledToFeature(context, feature.key, jwtOf(vip, team.tenant.id))).toEqual({
      isEntitled: true,
    });
    expect(isEntitledToFeature(context, feature.key, jwtOf(team.admin, team.tenant.id))).toEqual({
      isEntitled: false,
      justification: 'MISSING_FEATURE',
    });
  });

  it("entitles through a plan whose targeting rule holds on the caller's tenant", async () => {
    const feature = await createFeature();
    const rule = {
      conditionLogic: 'and',
      conditions: [{ attribute: 'frontegg.tenantId', op: 'in_list', value: { list: [team.tenant.id] } }],
      treatment: 'true',
    };
    const plan = await createPlan({ featureIds: [feature.id], rules: [rule] });
    const context = await contextOf(team.admin);
    expect(context.plans[plan.id]?.rules).toEqual([
      { ...rule, conditions: [{ ...rule.conditions[0], negate: false }] },
    ]);
    expect(isEntitledToFeature(context, feature.key, jwtOf(team.admin, team.tenant.id))).toEqual({
      isEntitled: true,
    });
    expect(isEntitledToFeature(context, feature.key, jwtOf(team.admin, randomUUID()))).toEqual({
      isEntitled: false,
      justification: 'MISSING_FEATURE',
    });
  });

  it("never shows another tenant's entitlements", async () => {
    const other = await createTenantAdmins(server());
    const feature = await createFeature();
    const plan = await createPlan({ featureIds: [feature.id] });
    await grant({ tenantId: other.tenant.id, planId: plan.id });
    await grant({ tenantId: other.tenant.id, userId: other.admin.user.id, featureId: feature.id });

    expect((await contextOf(other.admin)).features[feature.key]?.expireTime).toBe(NEVER_EXPIRES);
    const mine = await contextOf(team.admin);
    expect(mine.features[feature.key]?.expireTime).toBeNull();
    expect(isEntitledToFeature(mine, feature.key)).toEqual({
      isEntitled: false,
      justification: 'MISSING_FEATURE',
    });
  });

  it('needs a signed-in member', async () => {
    expectErrorShape(await server().app.inject({ method: 'GET', url: USER_ENTITLEMENTS }), 401);
  });
});

describe('the superuser console: plans, features, entitlements', () => {
  let team: TenantAdmins;
  beforeAll(async () => {
    team = await createTenantAdmins(server());
  });

  const vendorCalls: Array<[string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]> = [
    ['list plans', 'GET', PLANS],
    ['create a plan', 'POST', PLANS, { name: 'Denied' }],
    ['change a plan', 'PATCH', `${PLANS}/${randomUUID()}`, { name: 'Denied' }],
    ['delete a plan', 'DELETE', `${PLANS}/${randomUUID()}`],
    ['list features', 'GET', FEATURES],
    ['create a feature', 'POST', FEATURES, { key: 'denied', name: 'Denied' }],
    ['list entitlements', 'GET', `${GRANTS}?tenantId=${randomUUID()}`],
    ['grant an entitlement', 'POST', GRANTS, { tenantId: randomUUID(), featureId: randomUUID() }],
    ['revoke an entitlement', 'DELETE', `${GRANTS}/${randomUUID()}`],
  ];

  it.each(vendorCalls)('%s: 401 anonymous, 403 for an account Admin', async (_name, method, url, payload) => {
    expectErrorShape(
      await server().app.inject({
        method,
        url,
        ...(payload === undefined
          ? {}
          : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      }),
      401,
    );
    expectErrorShape(await as(server(), team.admin)(method, url, payload as Record<string, unknown>), 403);
  });

  it('creates, reads, changes and deletes a plan and a feature, linking them both ways', async () => {
    const feature = await createFeature({ description: 'SSO', linkedPermissions: ['fe.secure.*'] });
    const plan = await createPlan({ featureIds: [feature.id], defaultTreatment: 'true' });
    expect(plan).toMatchObject({ featureIds: [feature.id], defaultTreatment: 'true', rules: [] });

    const read = await as(server(), vendor)('GET', `${FEATURES}/${feature.id}`);
    expect(read.json<Feature>()).toMatchObject({ planIds: [plan.id], linkedPermissions: ['fe.secure.*'] });

    const renamed = await as(server(), vendor)('PATCH', `${PLANS}/${plan.id}`, {
      name: unique('Gold'),
      featureIds: [],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Plan>().featureIds).toEqual([]);
    const changed = await as(server(), vendor)('PATCH', `${FEATURES}/${feature.id}`, {
      planIds: [plan.id],
      featureFlag: null,
    });
    expect(changed.json<Feature>()).toMatchObject({ planIds: [plan.id], featureFlag: null });
    expect(
      (await as(server(), vendor)('GET', PLANS)).json<Plan[]>().find((each) => each.id === plan.id)
        ?.featureIds,
    ).toEqual([feature.id]);

    expect((await as(server(), vendor)('DELETE', `${PLANS}/${plan.id}`)).statusCode).toBe(200);
    expectErrorShape(await as(server(), vendor)('GET', `${PLANS}/${plan.id}`), 404);
    expect((await as(server(), vendor)('DELETE', `${FEATURES}/${feature.id}`)).statusCode).toBe(200);
    expect(
      expectErrorShape(await as(server(), vendor)('GET', `${FEATURES}/${feature.id}`), 404).errorCode,
    ).toBe('ER-ENTITLEMENTS-FEATURE-NOT-FOUND');
  });

  it("records each change in the superuser's audit log, with what changed", async () => {
    const plan = await createPlan({ description: 'before' });
    await as(server(), vendor)('PATCH', `${PLANS}/${plan.id}`, { description: 'after' });
    const rows = await server()
      .db.select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, vendor.user.id), eq(auditLogs.action, 'Plan updated')));
    expect(rows.map((row) => row.json)).toContainEqual({
      planId: plan.id,
      before: { description: 'before' },
      after: { description: 'after' },
    });
  });

  it('lists and revokes the entitlements of one tenant', async () => {
    const feature = await createFeature();
    const entitlement = await grant({
      tenantId: team.tenant.id,
      featureId: feature.id,
      expiresAt: FAR_AHEAD,
    });
    expect(entitlement).toMatchObject({ userId: null, planId: null, expiresAt: FAR_AHEAD });
    const listed = await as(server(), vendor)('GET', `${GRANTS}?tenantId=${team.tenant.id}`);
    expect(listed.json<Entitlement[]>().map((each) => each.id)).toContain(entitlement.id);
    const elsewhere = await as(server(), vendor)('GET', `${GRANTS}?tenantId=${randomUUID()}`);
    expect(elsewhere.json()).toEqual([]);

    expect((await as(server(), vendor)('DELETE', `${GRANTS}/${entitlement.id}`)).statusCode).toBe(200);
    expect((await contextOf(team.admin)).features[feature.key]?.expireTime).toBeNull();
    expectErrorShape(await as(server(), vendor)('DELETE', `${GRANTS}/${entitlement.id}`), 404);
  });

  const condition = (op: string, value: unknown) => ({
    name: 'Invalid',
    rules: [{ conditions: [{ attribute: 'email', op, value }], treatment: 'true' }],
  });

  it.each([
    ['an unknown operation', condition('like', { list: ['a'] })],
    ['a value that does not fit its operation', condition('greater_than', { string: '3' })],
    ['a rule without conditions', { name: 'Invalid', rules: [{ conditions: [], treatment: 'true' }] }],
    ['an unknown treatment', { name: 'Invalid', defaultTreatment: 'maybe' }],
  ])('refuses a plan with %s (400)', async (_name, body) => {
    const { errorCode } = expectErrorShape(await as(server(), vendor)('POST', PLANS, body), 400);
    expect(errorCode).toBe('ER-REQUEST-VALIDATION');
  });

  it('refuses a feature key that is not a key, and a taken key or plan name (409)', async () => {
    expectErrorShape(await as(server(), vendor)('POST', FEATURES, { key: 'Not A Key', name: 'x' }), 400);
    const feature = await createFeature();
    const taken = await as(server(), vendor)('POST', FEATURES, { key: feature.key, name: 'again' });
    expect(expectErrorShape(taken, 409).errorCode).toBe('ER-ENTITLEMENTS-NAME-TAKEN');
    const plan = await createPlan();
    expectErrorShape(await as(server(), vendor)('POST', PLANS, { name: plan.name }), 409);
  });

  it('refuses links to unknown plans or features (404)', async () => {
    const plan = await as(server(), vendor)('POST', PLANS, {
      name: unique('Plan'),
      featureIds: [randomUUID()],
    });
    expect(expectErrorShape(plan, 404).errorCode).toBe('ER-ENTITLEMENTS-FEATURE-NOT-FOUND');
    const feature = await as(server(), vendor)('POST', FEATURES, {
      key: unique('f'),
      name: 'x',
      planIds: [randomUUID()],
    });
    expect(expectErrorShape(feature, 404).errorCode).toBe('ER-ENTITLEMENTS-PLAN-NOT-FOUND');
    const entitlement = await as(server(), vendor)('POST', GRANTS, {
      tenantId: team.tenant.id,
      planId: randomUUID(),
    });
    expect(expectErrorShape(entitlement, 404).errorCode).toBe('ER-ENTITLEMENTS-PLAN-NOT-FOUND');
  });

  it('refuses an entitlement to both or neither of a plan and a feature, or for a non-member (400)', async () => {
    const feature = await createFeature();
    const plan = await createPlan({ featureIds: [feature.id] });
    const stranger = await createTenantAdmins(server());
    const bodies = [
      { tenantId: team.tenant.id, planId: plan.id, featureId: feature.id },
      { tenantId: team.tenant.id },
      { tenantId: team.tenant.id, userId: stranger.admin.user.id, featureId: feature.id },
      { tenantId: randomUUID(), featureId: feature.id },
    ];
    for (const body of bodies) {
      const { errorCode } = expectErrorShape(await as(server(), vendor)('POST', GRANTS, body), 400);
      expect(errorCode).toBe('ER-ENTITLEMENTS-INVALID-TARGET');
    }
    expectErrorShape(
      await as(server(), vendor)('POST', GRANTS, {
        tenantId: team.tenant.id,
        featureId: feature.id,
        expiresAt: 'soon',
      }),
      400,
    );
    expect(
      (await as(server(), vendor)('GET', `${GRANTS}?tenantId=${team.tenant.id}`)).json<Entitlement[]>(),
    ).not.toContainEqual(expect.objectContaining({ featureId: feature.id }));
  });
});
