// Issue 15: applications. An account has the default app and the apps a superuser gives it; its
// administrators assign their members to its managed apps; the apps a user may open are in their token;
// every call stays inside the caller's account, and the console's writes are a superuser's alone.
import { randomUUID } from 'node:crypto';
import type { Application } from '@brizo/contract/entities/applications';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  auditActionsOf,
  createTenantAdmins,
  signedIn,
  type Member,
  type TenantAdmins,
} from '../../admin-support.js';
import { createUser } from '../../factories.js';
import { expectErrorShape, useTestServer } from '../../harness.js';
import { claimsOf } from '../../mfa-support.js';

const server = useTestServer();
const IDENTITY = '/frontegg/identity/resources/applications/v1';
const APPLICATIONS = '/frontegg/applications/resources/applications';
const VENDOR = '/frontegg/applications/resources/vendor-applications/v1';

let vendor: Member;
beforeAll(async () => {
  const { user } = await createUser(server().db, server().passwords, {
    superUser: true,
    roleKeys: ['Admin'],
  });
  vendor = { user, authorization: await signedIn(server(), user.email) };
});

const createApp = async (body: Record<string, unknown> = {}) => {
  const response = await as(server(), vendor)('POST', VENDOR, {
    name: `App ${randomUUID().slice(0, 8)}`,
    appURL: 'https://reports.brizo.test',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Application>();
};

const giveAccount = async (appId: string, tenantId: string, accessType?: string) => {
  const response = await as(server(), vendor)(
    'PUT',
    `${VENDOR}/${appId}/tenants/${tenantId}`,
    accessType ? { accessType } : {},
  );
  expect(response.statusCode, response.body).toBe(200);
};

const tokenApps = async (who: Member) =>
  claimsOf((await signedIn(server(), who.user.email)).slice('Bearer '.length)).applicationIds;

const defaultApp = async () => {
  const all = (await as(server(), vendor)('GET', VENDOR)).json<Application[]>();
  const found = all.find((app) => app.isDefault);
  if (!found) throw new Error('no default application');
  return found;
};

describe('applications of an account', () => {
  let account: TenantAdmins;
  let managed: Application;
  let free: Application;
  beforeAll(async () => {
    account = await createTenantAdmins(server());
    managed = await createApp();
    free = await createApp({ accessType: 'FREE_ACCESS' });
    await giveAccount(managed.id, account.tenant.id);
    await giveAccount(free.id, account.tenant.id);
  });

  it('lists the default app and the ones the account was given, each free or managed there', async () => {
    const home = await defaultApp();
    const response = await as(server(), account.member)('GET', `${APPLICATIONS}/tenant-assignments/v2`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      {
        tenantId: account.tenant.id,
        assignments: [
          { appId: home.id, accessType: 'FREE_ACCESS' },
          { appId: managed.id, accessType: 'MANAGED_ACCESS' },
          { appId: free.id, accessType: 'FREE_ACCESS' },
        ],
      },
    ]);
    const v1 = await as(server(), account.member)('GET', `${APPLICATIONS}/tenant-assignments/v1`);
    expect(v1.json()).toEqual([{ tenantId: account.tenant.id, appIds: [home.id, managed.id, free.id] }]);

    const data = await as(server(), account.member)(
      'GET',
      `${APPLICATIONS}/v1?ids=${managed.id},${free.id}&_includeFreeAccess=false`,
    );
    expect(data.json<Application[]>().map((app) => app.id)).toEqual([managed.id]);
    const none = await as(server(), account.member)('GET', `${APPLICATIONS}/v1?ids=`);
    expect(none.json()).toEqual([]);
  });

  it("assigns a member to a managed app, which then is in the member's token", async () => {
    const home = await defaultApp();
    expect(await tokenApps(account.member)).toEqual([home.id, free.id]);
    const body = { userId: account.member.user.id, tenantId: account.tenant.id, appIds: [managed.id] };
    const assigned = await as(server(), account.admin)('POST', `${IDENTITY}/apps-user`, body);
    expect(assigned.statusCode, assigned.body).toBe(201);
    // Assigning again changes nothing and writes no second audit row.
    await as(server(), account.admin)('POST', `${IDENTITY}/apps-user`, body);
    expect(
      (await auditActionsOf(server(), account.admin)).filter(
        (action) => action === 'User assigned to applications',
      ),
    ).toHaveLength(1);

    expect(await tokenApps(account.member)).toEqual([home.id, managed.id, free.id]);
    const own = await as(server(), account.member)('GET', `${IDENTITY}/${account.member.user.id}/apps`);
    expect(own.json()).toEqual([managed.id]);
    const users = await as(server(), account.readOnly)(
      'GET',
      `${IDENTITY}/users-apps?userIds=${account.member.user.id},${account.admin.user.id}`,
    );
    expect(users.json()).toEqual([
      { userId: account.member.user.id, appIds: [managed.id] },
      { userId: account.admin.user.id, appIds: [] },
    ]);
    const byApp = await as(server(), account.readOnly)('GET', `${IDENTITY}/apps-users?appIds=${managed.id}`);
    expect(byApp.json()).toEqual([{ appId: managed.id, userIds: [account.member.user.id] }]);

    const removed = await as(server(), account.admin)('DELETE', `${IDENTITY}/user-apps`, body);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await tokenApps(account.member)).toEqual([home.id, free.id]);
    expect(await auditActionsOf(server(), account.admin)).toContain('User unassigned from applications');
  });

  it('refuses free apps, apps the account lacks, other accounts and members without the permission', async () => {
    const elsewhere = await createApp();
    const other = await createTenantAdmins(server());
    const assign = (who: Member, body: Record<string, unknown>) =>
      as(server(), who)('POST', `${IDENTITY}/apps-user`, {
        userId: account.member.user.id,
        tenantId: account.tenant.id,
        appIds: [managed.id],
        ...body,
      });
    expectErrorShape(await assign(account.admin, { appIds: [free.id] }), 400);
    expectErrorShape(await assign(account.admin, { appIds: [elsewhere.id] }), 400);
    // Another account's admin names this account, or this account's member in their own: not found.
    expectErrorShape(await assign(other.admin, {}), 404);
    expectErrorShape(await assign(other.admin, { tenantId: other.tenant.id }), 404);
    expectErrorShape(await assign(account.readOnly, {}), 403);
    expectErrorShape(await assign(account.member, {}), 403);
    expectErrorShape(
      await as(server(), other.admin)('GET', `${IDENTITY}/${account.member.user.id}/apps`),
      404,
    );
    expectErrorShape(
      await as(server(), account.member)('GET', `${IDENTITY}/${account.admin.user.id}/apps`),
      403,
    );
    // The other account does not see this account's apps, and cannot read their users.
    const theirs = await as(server(), other.member)('GET', `${APPLICATIONS}/v1?ids=${managed.id}`);
    expect(theirs.json()).toEqual([]);
    const users = await as(server(), other.admin)('GET', `${IDENTITY}/apps-users?appIds=${managed.id}`);
    expect(users.json()).toEqual([]);
  });

  it('answers 400 to malformed input', async () => {
    expectErrorShape(
      await as(server(), account.admin)('POST', `${IDENTITY}/apps-user`, { userId: 'x' }),
      400,
    );
    expectErrorShape(await as(server(), account.admin)('GET', `${IDENTITY}/users-apps?userIds=nope`), 400);
    expectErrorShape(await as(server(), account.admin)('GET', `${IDENTITY}/not-an-id/apps`), 400);
    expectErrorShape(
      await as(server(), account.member)('GET', `${APPLICATIONS}/v1?_includeFreeAccess=maybe`),
      400,
    );
  });
});

describe('the superuser console: applications', () => {
  it('creates, changes and deletes apps, audited; names are unique; the default app stays', async () => {
    const app = await createApp({ description: 'Weekly menu reports' });
    expect(app).toMatchObject({ accessType: 'MANAGED_ACCESS', isActive: true, isDefault: false });
    const renamed = await as(server(), vendor)('PATCH', `${VENDOR}/${app.id}`, { name: `${app.name} 2` });
    expect(renamed.json<Application>().name).toBe(`${app.name} 2`);
    expectErrorShape(
      await as(server(), vendor)('POST', VENDOR, { name: app.name + ' 2', appURL: 'https://x.test' }),
      409,
    );
    expectErrorShape(
      await as(server(), vendor)('POST', VENDOR, { name: 'Bad', appURL: 'javascript:alert(1)' }),
      400,
    );

    const home = await defaultApp();
    expectErrorShape(await as(server(), vendor)('DELETE', `${VENDOR}/${home.id}`), 400);
    expectErrorShape(await as(server(), vendor)('PATCH', `${VENDOR}/${home.id}`, { isActive: false }), 400);
    const deleted = await as(server(), vendor)('DELETE', `${VENDOR}/${app.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectErrorShape(await as(server(), vendor)('DELETE', `${VENDOR}/${app.id}`), 404);
    expect(await auditActionsOf(server(), vendor)).toEqual(
      expect.arrayContaining(['Application created', 'Application updated', 'Application deleted']),
    );
  });

  it("takes an app from an account with its users' assignments", async () => {
    const account = await createTenantAdmins(server());
    const app = await createApp();
    await giveAccount(app.id, account.tenant.id);
    await as(server(), account.admin)('POST', `${IDENTITY}/apps-user`, {
      userId: account.member.user.id,
      tenantId: account.tenant.id,
      appIds: [app.id],
    });
    const taken = await as(server(), vendor)('DELETE', `${VENDOR}/${app.id}/tenants/${account.tenant.id}`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await tokenApps(account.member)).not.toContain(app.id);
    const own = await as(server(), account.member)('GET', `${IDENTITY}/${account.member.user.id}/apps`);
    expect(own.json()).toEqual([]);
    expect(await auditActionsOf(server(), vendor)).toEqual(
      expect.arrayContaining(['Application assigned to account', 'Application unassigned from account']),
    );
  });

  it("is a superuser's alone", async () => {
    const { admin } = await createTenantAdmins(server());
    expectErrorShape(await as(server(), admin)('GET', VENDOR), 403);
    expectErrorShape(
      await as(server(), admin)('POST', VENDOR, { name: 'Mine', appURL: 'https://x.test' }),
      403,
    );
  });
});
