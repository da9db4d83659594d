// Issue 13: SCIM 2.0 provisioning. The directory configurations of the Provisioning section, and the
// SCIM server replaying the requests Microsoft Entra ID and Okta send (directory-requests.ts).
import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { findMember } from '../../../src/db/queries/team.js';
import { findUserById, updateUser } from '../../../src/db/queries/users.js';
import { insertMembership } from '../../../src/db/queries/tenants.js';
import { as, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { TEST_PASSWORD } from '../../factories.js';
import { API, cookieValue, uniqueEmail, useTestServer, type TestServer } from '../../harness.js';
import { passwordLogin } from '../../lifecycle-helpers.js';
import { entra, okta } from './directory-requests.js';

const server = useTestServer();

const CONFIGURATIONS = '/frontegg/directory/resources/v1/configurations/scim2';
const SCIM = '/frontegg/scim/v2';
const SCIM_JSON = 'application/scim+json';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

interface Directory {
  id: string;
  token: string;
  team: TenantAdmins;
}

async function createDirectory(s: TestServer, source = 'azure-ad', team?: TenantAdmins): Promise<Directory> {
  const owner = team ?? (await createTenantAdmins(s));
  const response = await as(s, owner.admin)('POST', CONFIGURATIONS, {
    source,
    connectionName: `Dir ${source}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id, token } = response.json<{ id: string; token: string }>();
  return { id, token, team: owner };
}

/** A SCIM call as the directory makes it: its bearer token, application/scim+json. */
const scim =
  (s: TestServer, token: string) =>
  (method: InjectOptions['method'], path: string, payload?: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({
      method,
      url: `${SCIM}${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload === undefined ? {} : { 'content-type': SCIM_JSON }),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

type Resource = Record<string, unknown> & { id: string };
interface ListResponse {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: Resource[];
}

async function createScimUser(call: ReturnType<typeof scim>, email = uniqueEmail('scim')) {
  const response = await call('POST', '/Users', okta.createUser(email));
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json<Resource>(), email };
}

/** A session of `email` by password: its refresh cookie. */
async function signIn(s: TestServer, email: string) {
  const login = await passwordLogin(s, email, TEST_PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
  const cookieName =
    login.cookies.map((cookie) => cookie.name).find((name) => name.startsWith('fe_refresh_')) ?? '';
  return { cookieName, cookie: cookieValue(login, cookieName) ?? '' };
}
const refresh = (s: TestServer, session: { cookieName: string; cookie: string }) =>
  s.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    cookies: { [session.cookieName]: session.cookie },
    payload: {},
  });

const groupUserIds = async (s: TestServer, team: TenantAdmins, groupId: string) => {
  const response = await as(s, team.admin)('GET', `${API}/groups/v1/${groupId}?_groupsRelations=users`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json<{ users: Array<{ id: string }> }>().users ?? []).map((user) => user.id).sort();
};

describe('Provisioning section: SCIM directory configurations', () => {
  it('creates a configuration whose token is shown once, lists, updates, counts and keeps tenants apart', async () => {
    const s = server();
    const directory = await createDirectory(s, 'okta');
    const admin = as(s, directory.team.admin);
    expect(directory.token).toMatch(/^scim_[\w-]{40,}$/);

    const listed = await admin('GET', CONFIGURATIONS);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(directory.token);
    expect(listed.json()).toEqual([
      {
        id: directory.id,
        tenantId: directory.team.tenant.id,
        connectionName: 'Dir okta',
        source: 'okta',
        syncToUserManagement: true,
        createdAt: expect.any(String),
        lastSync: null,
        scimBaseUrl: `http://identity.test${SCIM}`,
      },
    ]);

    const updated = await admin('PATCH', `${CONFIGURATIONS}/${directory.id}`, {
      connectionName: 'Okta prod',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ connectionName: 'Okta prod', syncToUserManagement: true });

    await createScimUser(scim(s, directory.token));
    const count = await admin('GET', `/frontegg/directory/resources/scim/temp/${directory.id}/Users/count`);
    expect(count.json()).toEqual({ count: 1 });
    expect(
      (await admin('GET', `${CONFIGURATIONS}/${directory.id}`)).json<{ lastSync: string | null }>().lastSync,
    ).not.toBeNull();

    // Read Only administrators read; members without the permission do not; nobody changes without write.
    expect((await as(s, directory.team.readOnly)('GET', CONFIGURATIONS)).statusCode).toBe(200);
    expect(
      (await as(s, directory.team.readOnly)('POST', CONFIGURATIONS, { source: 'okta' })).statusCode,
    ).toBe(403);
    expect((await as(s, directory.team.member)('GET', CONFIGURATIONS)).statusCode).toBe(403);

    // Another tenant's administrator: the id names nothing.
    const other = await createTenantAdmins(s);
    const stranger = as(s, other.admin);
    expect((await stranger('GET', CONFIGURATIONS)).json()).toEqual([]);
    for (const [method, url] of [
      ['GET', `${CONFIGURATIONS}/${directory.id}`],
      ['PATCH', `${CONFIGURATIONS}/${directory.id}`],
      ['DELETE', `${CONFIGURATIONS}/${directory.id}`],
      ['POST', `${CONFIGURATIONS}/${directory.id}/token`],
      ['GET', `${CONFIGURATIONS}/${directory.id}/logs`],
      ['GET', `/frontegg/directory/resources/scim/temp/${directory.id}/Users/count`],
    ] as const) {
      const response = await stranger(
        method,
        url,
        method === 'PATCH' ? { syncToUserManagement: false } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'ER-SCIM-DIRECTORY-NOT-FOUND' });
    }
    expect((await admin('GET', `${CONFIGURATIONS}/${directory.id}`)).json()).toMatchObject({
      syncToUserManagement: true,
    });
  });

  it('rotates the token: the previous one is refused at once', async () => {
    const s = server();
    const directory = await createDirectory(s);
    const rotated = await as(s, directory.team.admin)('POST', `${CONFIGURATIONS}/${directory.id}/token`);
    expect(rotated.statusCode, rotated.body).toBe(201);
    const { token } = rotated.json<{ token: string }>();
    expect(token).not.toBe(directory.token);
    expect((await scim(s, directory.token)('GET', '/Users')).statusCode).toBe(401);
    expect((await scim(s, token)('GET', '/Users')).statusCode).toBe(200);
  });

  it('pauses provisioning while syncToUserManagement is off', async () => {
    const s = server();
    const directory = await createDirectory(s);
    await as(s, directory.team.admin)('PATCH', `${CONFIGURATIONS}/${directory.id}`, {
      syncToUserManagement: false,
    });
    const refused = await scim(s, directory.token)('POST', '/Users', okta.createUser(uniqueEmail('paused')));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '403' });
  });

  it('lists the provisioning log, newest calls with their status and never the token', async () => {
    const s = server();
    const directory = await createDirectory(s);
    const call = scim(s, directory.token);
    const user = await createScimUser(call);
    await call('GET', `/Users/${user.id}`);
    await call('GET', '/Users?filter=userName eq');
    const response = await as(s, directory.team.admin)(
      'GET',
      `${CONFIGURATIONS}/${directory.id}/logs?limit=50`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json<{
      items: Array<{ method: string; path: string; status: number; summary: string }>;
    }>();
    expect(items).toHaveLength(3);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          method: 'POST',
          path: `${SCIM}/Users`,
          status: 201,
          summary: `Created user ${user.email}`,
        }),
        expect.objectContaining({ method: 'GET', status: 200, summary: `Read user ${user.email}` }),
        expect.objectContaining({ method: 'GET', status: 400, summary: expect.stringContaining('filter') }),
      ]),
    );
    expect(response.body).not.toContain(directory.token);
    const limited = await as(s, directory.team.admin)(
      'GET',
      `${CONFIGURATIONS}/${directory.id}/logs?limit=1`,
    );
    expect(limited.json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('deletes a configuration with deleteAll: its users leave the tenant, and go if they belong nowhere else', async () => {
    const s = server();
    const directory = await createDirectory(s);
    const call = scim(s, directory.token);
    const alone = await createScimUser(call);
    const shared = await createScimUser(call);
    const elsewhere = await createTenantAdmins(s);
    const sharedUser = await findMember(
      s.db,
      directory.team.tenant.id,
      (await userIdOf(s, directory, shared.id)) ?? '',
    );
    if (!sharedUser) throw new Error('no member');
    await insertMembership(s.db, sharedUser.id, elsewhere.tenant.id);
    const aloneUserId = await userIdOf(s, directory, alone.id);

    const deleted = await as(s, directory.team.admin)('DELETE', `${CONFIGURATIONS}/${directory.id}`, {
      deleteAll: true,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await findUserById(s.db, aloneUserId ?? '')).toBeUndefined();
    expect(await findUserById(s.db, sharedUser.id)).toBeDefined();
    expect(await findMember(s.db, directory.team.tenant.id, sharedUser.id)).toBeUndefined();
    expect(await findMember(s.db, elsewhere.tenant.id, sharedUser.id)).toBeDefined();
    expect((await call('GET', '/Users')).statusCode).toBe(401);
  });

  it('deletes a configuration without deleteAll: its users stay members', async () => {
    const s = server();
    const directory = await createDirectory(s);
    const user = await createScimUser(scim(s, directory.token));
    const userId = await userIdOf(s, directory, user.id);
    const deleted = await as(s, directory.team.admin)(
      'DELETE',
      `${CONFIGURATIONS}/${directory.id}?deleteAll=false`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await findMember(s.db, directory.team.tenant.id, userId ?? '')).toBeDefined();
  });
});

/** Our user id behind a SCIM user: the member of the directory's tenant with that email. */
async function userIdOf(s: TestServer, directory: Directory, scimId: string): Promise<string | undefined> {
  const response = await scim(s, directory.token)('GET', `/Users/${scimId}`);
  const email = response.json<{ emails: Array<{ value: string }> }>().emails[0]?.value ?? '';
  const list = await as(s, directory.team.admin)(
    'GET',
    `${API}/users/v2?_limit=50&_offset=0&_filter=${encodeURIComponent(email)}`,
  );
  return list
    .json<{ items: Array<{ id: string; email: string }> }>()
    .items.find((item) => item.email === email)?.id;
}

describe('SCIM 2.0 server: authentication and errors', () => {
  it('refuses a missing or wrong bearer token with 401 in the SCIM error shape', async () => {
    const s = server();
    for (const authorization of [undefined, 'Bearer scim_not-a-token', 'Basic Zm9vOmJhcg==']) {
      const response = await s.app.inject({
        method: 'GET',
        url: `${SCIM}/Users`,
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain(SCIM_JSON);
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.json()).toEqual({ schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) });
    }
  });

  it('answers 404 for unknown ids, 409 for a duplicate userName, 400 invalidFilter for a bad filter', async () => {
    const s = server();
    const directory = await createDirectory(s);
    const call = scim(s, directory.token);
    const user = await createScimUser(call);

    for (const id of ['6f9619ff-8b86-4d01-b42d-00cf4fc964ff', 'not-a-uuid']) {
      const missing = await call('GET', `/Users/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ schemas: [ERROR_SCHEMA], status: '404', detail: expect.any(String) });
    }
    expect((await call('DELETE', '/Groups/6f9619ff-8b86-4d01-b42d-00cf4fc964ff')).statusCode).toBe(404);
    expect((await call('GET', '/Nothing')).json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });

    const duplicate = await call('POST', '/Users', {
      ...okta.createUser(uniqueEmail('dup')),
      userName: user.email.toUpperCase(),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      schemas: [ERROR_SCHEMA],
      status: '409',
      scimType: 'uniqueness',
    });

    for (const filter of [
      'userName eq',
      'userName zz "a"',
      '(userName eq "a"',
      'meta.created gt "yesterday"',
      'active gt true',
    ]) {
      const bad = await call('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(bad.statusCode, filter).toBe(400);
      expect(bad.json(), filter).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    }
    const badIndex = await call('GET', '/Users?startIndex=abc');
    expect(badIndex.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const noUserName = await call('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      emails: [],
    });
    expect(noUserName.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const badJson = await s.app.inject({
      method: 'POST',
      url: `${SCIM}/Users`,
      headers: { authorization: `Bearer ${directory.token}`, 'content-type': SCIM_JSON },
      payload: '{"userName":',
    });
    expect(badJson.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
  });

  it("keeps a directory to its own tenant: directory A's token cannot see tenant B's users", async () => {
    const s = server();
    const a = await createDirectory(s);
    const b = await createDirectory(s);
    const ofB = await createScimUser(scim(s, b.token));
    const asA = scim(s, a.token);
    expect((await asA('GET', `/Users/${ofB.id}`)).statusCode).toBe(404);
    expect((await asA('PATCH', `/Users/${ofB.id}`, okta.deactivate())).statusCode).toBe(404);
    expect((await asA('DELETE', `/Users/${ofB.id}`)).statusCode).toBe(404);
    const listed = (
      await asA('GET', `/Users?filter=${encodeURIComponent(`userName eq "${ofB.email}"`)}`)
    ).json<ListResponse>();
    expect(listed.totalResults).toBe(0);
    expect(await findMember(s.db, b.team.tenant.id, (await userIdOf(s, b, ofB.id)) ?? '')).toMatchObject({
      isDisabled: false,
    });
  });

  it('serves the discovery endpoints', async () => {
    const s = server();
    const call = scim(s, (await createDirectory(s)).token);
    const config = await call('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 1000 },
    });
    const schemas = (await call('GET', '/Schemas')).json<ListResponse>();
    expect(schemas.Resources.map((item) => item.id)).toContain('urn:ietf:params:scim:schemas:core:2.0:User');
    const types = (await call('GET', '/ResourceTypes')).json<ListResponse>();
    expect(types.Resources.map((item) => item.id)).toEqual(['User', 'Group']);
    expect((await call('GET', '/ResourceTypes/Group')).json()).toMatchObject({ endpoint: '/Groups' });
  });
});

describe('SCIM 2.0 server: users as Microsoft Entra ID provisions them', () => {
  it('creates, finds by userName in any case, deprovisions with "False" (sessions end) and reactivates', async () => {
    const s = server();
    const directory = await createDirectory(s, 'azure-ad');
    const call = scim(s, directory.token);
    const email = uniqueEmail('entra');
    const userName = `Test_User_${email.split('@')[0]}`;

    const created = await call('POST', '/Users', entra.createUser(userName, email));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['content-type']).toContain(SCIM_JSON);
    const user = created.json<Resource>();
    expect(user).toMatchObject({
      // No enterprise attributes were sent: the answer names the core schema only.
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      active: true,
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      emails: [{ primary: true, type: 'work', value: email }],
      meta: {
        resourceType: 'User',
        location: `http://identity.test${SCIM}/Users/${user.id}`,
        version: 'W/"1"',
      },
    });
    expect(created.headers.location).toBe(`http://identity.test${SCIM}/Users/${user.id}`);
    expect(created.headers.etag).toBe('W/"1"');

    const found = await call(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`,
    );
    expect(found.json<ListResponse>()).toMatchObject({ totalResults: 1, itemsPerPage: 1, startIndex: 1 });
    expect(found.json<ListResponse>().Resources[0]?.id).toBe(user.id);
    const none = await call('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`);
    expect(none.json<ListResponse>()).toMatchObject({ totalResults: 0, Resources: [] });

    // Our user: the member of the tenant, provider scim2, verified, no password; given one to sign in.
    const userId = (await userIdOf(s, directory, user.id)) ?? '';
    const ours = await findUserById(s.db, userId);
    expect(ours).toMatchObject({
      email,
      provider: 'scim2',
      verified: true,
      passwordHash: null,
      name: 'givenName familyName',
    });
    await updateUser(s.db, userId, { passwordHash: await s.passwords.hash(TEST_PASSWORD) });
    const session = await signIn(s, email);
    expect((await refresh(s, session)).statusCode).toBe(200);
    const session2 = await signIn(s, email);

    const disabled = await call('PATCH', `/Users/${user.id}`, entra.setActive('False'));
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ active: false, meta: { version: 'W/"2"' } });
    expect(await findMember(s.db, directory.team.tenant.id, userId)).toMatchObject({ isDisabled: true });
    expect((await refresh(s, session2)).statusCode).toBe(401);
    expect((await passwordLogin(s, email, TEST_PASSWORD)).statusCode).not.toBe(200);

    const enabled = await call('PATCH', `/Users/${user.id}`, entra.setActive('True'));
    expect(enabled.json()).toMatchObject({ active: true });
    expect(await findMember(s.db, directory.team.tenant.id, userId)).toMatchObject({ isDisabled: false });
    expect((await passwordLogin(s, email, TEST_PASSWORD)).statusCode).toBe(200);

    // The tenant's audit log names the directory as the actor of each change, once: issue 14, the
    // membership it disables through the team service is not a second row of the deprovisioning.
    const actions = (await listAuditLogsByEmail(s.db, 'scim:Dir azure-ad'))
      .filter((row) => row.tenantId === directory.team.tenant.id)
      .map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'User provisioned by SCIM',
        'User deprovisioned by SCIM',
        'User reactivated by SCIM',
      ]),
    );
    expect(actions).not.toContain('User disabled in the account');
  });

  it("changes a work email and a name part with Entra's path filters", async () => {
    const s = server();
    const directory = await createDirectory(s);
    const call = scim(s, directory.token);
    const email = uniqueEmail('entra');
    const user = (await call('POST', '/Users', entra.createUser(email, email))).json<Resource>();
    const newEmail = uniqueEmail('moved');
    const patched = await call('PATCH', `/Users/${user.id}`, entra.updateUser(newEmail));
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      emails: [{ primary: true, type: 'work', value: newEmail }],
      name: { familyName: 'updatedFamilyName', givenName: 'givenName' },
    });
    const userId = (await userIdOf(s, directory, user.id)) ?? '';
    expect(await findUserById(s.db, userId)).toMatchObject({
      email: newEmail,
      name: 'givenName updatedFamilyName',
    });
  });

  it('refuses a PATCH or PUT whose If-Match names an older version (412)', async () => {
    const s = server();
    const call = scim(s, (await createDirectory(s)).token);
    const user = await createScimUser(call);
    const stale = await call('PATCH', `/Users/${user.id}`, okta.deactivate(), { 'if-match': 'W/"7"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '412' });
    const fresh = await call('PATCH', `/Users/${user.id}`, okta.deactivate(), { 'if-match': 'W/"1"' });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('SCIM 2.0 server: users as Okta provisions them', () => {
  it('links an existing user by email, replaces with PUT, deactivates without a path, deletes', async () => {
    const s = server();
    const directory = await createDirectory(s, 'okta');
    const call = scim(s, directory.token);
    // Already a member: linked, not duplicated.
    const existing = directory.team.member.user;
    const linked = await call('POST', '/Users', okta.createUser(existing.email));
    expect(linked.statusCode, linked.body).toBe(201);
    const user = linked.json<Resource>();
    expect(user).not.toHaveProperty('password');
    expect(JSON.stringify(user)).not.toContain('1mz050nq');
    expect(await userIdOf(s, directory, user.id)).toBe(existing.id);

    const replaced = await call('PUT', `/Users/${user.id}`, {
      ...okta.createUser(existing.email),
      id: user.id,
      displayName: 'Renamed User',
      locale: 'fr-FR',
      name: undefined,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const body = replaced.json<Resource>();
    expect(body).toMatchObject({ displayName: 'Renamed User', locale: 'fr-FR' });
    expect(body).not.toHaveProperty('name');

    const deactivated = await call('PATCH', `/Users/${user.id}`, okta.deactivate());
    expect(deactivated.json()).toMatchObject({ active: false });
    expect(await findMember(s.db, directory.team.tenant.id, existing.id)).toMatchObject({ isDisabled: true });

    const deleted = await call('DELETE', `/Users/${user.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await findMember(s.db, directory.team.tenant.id, existing.id)).toBeUndefined();
    expect(await findUserById(s.db, existing.id)).toBeUndefined();
    expect((await call('GET', `/Users/${user.id}`)).statusCode).toBe(404);
  });

  it('pages with startIndex and count, and answers only the attributes asked for', async () => {
    const s = server();
    const call = scim(s, (await createDirectory(s)).token);
    const created = [];
    for (let index = 0; index < 5; index++) created.push(await createScimUser(call));

    const all = (await call('GET', '/Users')).json<ListResponse>();
    expect(all).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 5 });
    expect(all.Resources.map((item) => item.id).sort()).toEqual(created.map((item) => item.id).sort());
    const page = (await call('GET', '/Users?startIndex=2&count=2')).json<ListResponse>();
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((item) => item.id)).toEqual(all.Resources.slice(1, 3).map((item) => item.id));
    const last = (await call('GET', '/Users?startIndex=5&count=10')).json<ListResponse>();
    expect(last).toMatchObject({ totalResults: 5, itemsPerPage: 1 });
    const countOnly = (await call('GET', '/Users?count=0')).json<ListResponse>();
    expect(countOnly).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    const filtered = (
      await call(
        'GET',
        `/Users?filter=${encodeURIComponent(`emails[type eq "work" and value sw "${created[3]?.email.slice(0, 14)}"] and active eq true`)}`,
      )
    ).json<ListResponse>();
    expect(filtered.Resources.map((item) => item.id)).toEqual([created[3]?.id]);
    const orNot = (
      await call(
        'GET',
        `/Users?filter=${encodeURIComponent(`not (userName eq "${created[0]?.email}") and (externalId pr or title pr)`)}`,
      )
    ).json<ListResponse>();
    expect(orNot.totalResults).toBe(4);

    const some = (
      await call('GET', '/Users?attributes=userName,name.givenName&count=1')
    ).json<ListResponse>();
    const firstListed = created.find((item) => item.id === all.Resources[0]?.id);
    expect(some.Resources[0]).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id: firstListed?.id,
      userName: firstListed?.email,
      name: { givenName: 'Test' },
    });
    const without = await call('GET', `/Users/${created[0]?.id}?excludedAttributes=emails,name,meta`);
    expect(without.json()).not.toHaveProperty('emails');
    expect(without.json()).not.toHaveProperty('name');
    expect(without.json()).toMatchObject({
      id: created[0]?.id,
      userName: created[0]?.email,
      displayName: 'Test User',
    });
  });
});

describe('SCIM 2.0 server: groups', () => {
  it('Okta: creates a group, renames it with a no-path replace carrying its id, swaps members in one PATCH', async () => {
    const s = server();
    const directory = await createDirectory(s, 'okta');
    const call = scim(s, directory.token);
    const [first, second] = [await createScimUser(call), await createScimUser(call)];
    const created = await call('POST', '/Groups', {
      ...okta.createGroup('Test SCIMv2'),
      members: [{ value: first.id }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json<Resource>();
    expect(group).toMatchObject({
      displayName: 'Test SCIMv2',
      members: [{ value: first.id, display: first.email }],
    });

    const renamed = await call('PATCH', `/Groups/${group.id}`, okta.renameGroup(group.id, 'Renamed SCIMv2'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: group.id, displayName: 'Renamed SCIMv2' });
    const ourGroups = await as(s, directory.team.admin)('GET', `${API}/groups/v1`);
    const ours = ourGroups
      .json<{ groups: Array<{ id: string; name: string }> }>()
      .groups.find((item) => item.name === 'Renamed SCIMv2');
    expect(ours).toBeDefined();
    const groupId = ours?.id ?? '';
    const firstId = (await userIdOf(s, directory, first.id)) ?? '';
    const secondId = (await userIdOf(s, directory, second.id)) ?? '';
    expect(await groupUserIds(s, directory.team, groupId)).toEqual([firstId]);

    const swapped = await call(
      'PATCH',
      `/Groups/${group.id}`,
      okta.swapMembers(first.id, { value: second.id, display: second.email }),
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json()).toMatchObject({ members: [{ value: second.id }] });
    expect(await groupUserIds(s, directory.team, groupId)).toEqual([secondId]);

    // All or none: a request whose second operation fails leaves the members as they were.
    const failing = await call(
      'PATCH',
      `/Groups/${group.id}`,
      okta.swapMembers(second.id, { value: 'f648f8d5-ea4e-4cd3-8e9c-000000000000', display: 'x' }),
    );
    expect(failing.statusCode).toBe(400);
    expect(failing.json()).toMatchObject({ scimType: 'invalidValue' });
    expect(await groupUserIds(s, directory.team, groupId)).toEqual([secondId]);

    const duplicate = await call('POST', '/Groups', okta.createGroup('renamed scimv2'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ scimType: 'uniqueness' });

    const deleted = await call('DELETE', `/Groups/${group.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await as(s, directory.team.admin)('GET', `${API}/groups/v1/${groupId}`)).statusCode).toBe(404);
  });

  it('Entra ID: adds members, removes some with the bare members path and a value array, lists without members', async () => {
    const s = server();
    const directory = await createDirectory(s, 'azure-ad');
    const call = scim(s, directory.token);
    const users = [await createScimUser(call), await createScimUser(call), await createScimUser(call)];
    const group = (await call('POST', '/Groups', entra.createGroup('Engineering'))).json<Resource>();
    expect(group).toMatchObject({ externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', members: [] });

    const added = await call('PATCH', `/Groups/${group.id}`, entra.addMembers(users.map((user) => user.id)));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<{ members: unknown[] }>().members).toHaveLength(3);

    const removed = await call(
      'PATCH',
      `/Groups/${group.id}`,
      entra.removeMembers([users[0]?.id ?? '', users[2]?.id ?? '']),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ members: [{ value: users[1]?.id }] });

    const byName = (
      await call(
        'GET',
        `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "engineering"')}`,
      )
    ).json<ListResponse>();
    expect(byName.totalResults).toBe(1);
    expect(byName.Resources[0]).not.toHaveProperty('members');
    const withMember = (
      await call(
        'GET',
        `/Groups?filter=${encodeURIComponent(`id eq "${group.id}" and members[value eq "${users[1]?.id}"]`)}`,
      )
    ).json<ListResponse>();
    expect(withMember.totalResults).toBe(1);
    const withoutMember = (
      await call('GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${users[0]?.id}"]`)}`)
    ).json<ListResponse>();
    expect(withoutMember.totalResults).toBe(0);
    const single = await call('GET', `/Groups/${group.id}?excludedAttributes=members`);
    expect(single.json()).not.toHaveProperty('members');
  });
});
