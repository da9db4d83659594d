// Issue 4, admin portal part 1: the SDK calls (redux-store 7.88.0 over rest-api) that had no endpoint
// yet — users with their groups, verifying an invite link, changing an API token, the groups
// configuration and the SMS-verified delete of a profile phone number.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../src/db/queries/audit-logs.js';
import { listOutboxSms } from '../src/db/queries/sms-outbox.js';
import { memberships } from '../src/db/schema/index.js';
import {
  as,
  createTenantAdmins,
  createTenantRole,
  vendorRoleId as roleIdOf,
  type Member,
} from './admin-support.js';
import { API, expectErrorShape, useTestServer } from './harness.js';
import { createUser } from './factories.js';
import { accessTokenOf } from './lifecycle-helpers.js';

const server = useTestServer();
const GROUPS = `${API}/groups/v1`;
const USERS_GROUPS = `${API}/users/v3/groups`;
const VERIFY_INVITE = `${API}/tenants/invites/v1/verify`;
const INVITE_LINK = `${API}/tenants/invites/v1/user`;
const PERSONAL = `${API}/users/api-tokens/v1`;
const TENANT = `${API}/tenants/api-tokens/v1`;
const PHONES = `${API}/users/phone-numbers/v1`;

const actionsOf = async (who: Member) =>
  (await listAuditLogsByEmail(server().db, who.user.email)).map((row) => row.action);

const vendorRoleId = (key: string) => roleIdOf(server(), key);
const tenantRole = (tenantId: string, permissionKeys: string[]) =>
  createTenantRole(server(), tenantId, permissionKeys);

async function createGroup(who: Member, name: string): Promise<string> {
  const response = await as(server(), who)('POST', GROUPS, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('GET /users/v3/groups (the users list’s groups)', () => {
  it('answers the group ids of the tenant’s users among ids; users in no group are left out', async () => {
    const team = await createTenantAdmins(server());
    const kitchen = await createGroup(team.admin, 'Kitchen');
    const bar = await createGroup(team.admin, 'Bar');
    const call = as(server(), team.admin);
    await call('POST', `${GROUPS}/${kitchen}/users`, {
      userIds: [team.member.user.id, team.readOnly.user.id],
    });
    await call('POST', `${GROUPS}/${bar}/users`, { userIds: [team.member.user.id] });

    const ids = [team.member.user.id, team.readOnly.user.id, team.admin.user.id].join(',');
    const response = await as(server(), team.readOnly)('GET', `${USERS_GROUPS}?ids=${ids}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ userId: string; groupIds: string[] }[]>();
    expect(answer).toHaveLength(2);
    expect(answer).toEqual(
      expect.arrayContaining([
        { userId: team.member.user.id, groupIds: expect.any(Array) },
        { userId: team.readOnly.user.id, groupIds: [kitchen] },
      ]),
    );
    const ofMember = answer.find((entry) => entry.userId === team.member.user.id);
    expect(ofMember?.groupIds.toSorted()).toEqual([kitchen, bar].toSorted());
  });

  it('keeps tenants apart: another tenant’s users and groups are left out', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const groupOfB = await createGroup(b.admin, 'B only');
    await as(server(), b.admin)('POST', `${GROUPS}/${groupOfB}/users`, { userIds: [b.member.user.id] });
    // B's member also joins A, but B's group stays B's.
    await server().db.insert(memberships).values({ userId: b.member.user.id, tenantId: a.tenant.id });
    const response = await as(server(), a.admin)('GET', `${USERS_GROUPS}?ids=${b.member.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.body).not.toContain(groupOfB);
  });

  it('leaves out someone who left the account, though their group row remains', async () => {
    const team = await createTenantAdmins(server());
    const group = await createGroup(team.admin, 'Leavers');
    await as(server(), team.admin)('POST', `${GROUPS}/${group}/users`, { userIds: [team.member.user.id] });
    await server()
      .db.delete(memberships)
      .where(inArray(memberships.userId, [team.member.user.id]));
    const response = await as(server(), team.admin)('GET', `${USERS_GROUPS}?ids=${team.member.user.id}`);
    expect(response.json()).toEqual([]);
  });

  it('needs fe.secure.read.users (a member gets 403, no token 401) and answers bad ids with 400', async () => {
    const team = await createTenantAdmins(server());
    const url = `${USERS_GROUPS}?ids=${team.member.user.id}`;
    expectErrorShape(await as(server(), team.member)('GET', url), 403);
    expectErrorShape(await server().app.inject({ method: 'GET', url }), 401);
    const call = as(server(), team.admin);
    expectErrorShape(await call('GET', USERS_GROUPS), 400);
    expectErrorShape(await call('GET', `${USERS_GROUPS}?ids=`), 400);
    expectErrorShape(await call('GET', `${USERS_GROUPS}?ids=not-a-user`), 400);
    const tooMany = Array.from({ length: 201 }, () => randomUUID()).join(',');
    expectErrorShape(await call('GET', `${USERS_GROUPS}?ids=${tooMany}`), 400);
  });
});

describe('POST /tenants/invites/v1/verify (an invite link before signing up)', () => {
  const verify = (payload: unknown) =>
    server().app.inject({ method: 'POST', url: VERIFY_INVITE, payload: payload as object });

  it('answers the link and the account’s name, without its roles nor who made it; no sign-in needed', async () => {
    const team = await createTenantAdmins(server());
    const created = await as(server(), team.admin)('POST', `${API}/tenants/invites/v2/user`, {
      roleIds: [await vendorRoleId('ReadOnly')],
    });
    const link = created.json<{ id: string; token: string; expires: string }>();
    const response = await verify({ token: link.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: link.id,
      vendorId: expect.any(String),
      tenantId: team.tenant.id,
      token: link.token,
      expires: link.expires,
      shouldSendEmail: true,
      name: team.tenant.name,
    });
  });

  it('gives an unknown, a replaced and an expired token one and the same answer', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.admin);
    const first = (await call('POST', INVITE_LINK, {})).json<{ token: string }>();
    const current = (await call('POST', INVITE_LINK, { expiresInMinutes: 1 })).json<{ token: string }>();
    expect((await verify({ token: current.token })).statusCode).toBe(200);

    const unknown = expectErrorShape(await verify({ token: 'no-such-invitation-token' }), 400);
    expect(unknown).toEqual({
      errors: ["We couldn't verify your invitation"],
      errorCode: 'ER-USERS-INVITATION-INVALID',
    });
    expect(expectErrorShape(await verify({ token: first.token }), 400)).toEqual(unknown);
    const clock = server().clock;
    const now = clock.now();
    try {
      clock.advanceSeconds(61);
      expect(expectErrorShape(await verify({ token: current.token }), 400)).toEqual(unknown);
    } finally {
      clock.set(now);
    }
    await call('DELETE', INVITE_LINK);
    expect(expectErrorShape(await verify({ token: current.token }), 400)).toEqual(unknown);
  });

  it.each([[{}], [{ token: '' }], [{ token: 42 }], [{ token: ['x'] }], [{ token: 'x'.repeat(513) }]])(
    'answers 400 to the bad body %j',
    async (payload) => {
      expectErrorShape(await verify(payload), 400);
    },
  );
});

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

describe('/groups/v1/config (the groups configuration)', () => {
  const CONFIG = `${GROUPS}/config`;

  it('is on by default, stored per tenant, audited, and what the store reads back after a change', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    expect((await as(server(), a.readOnly)('GET', CONFIG)).json()).toEqual({
      enabled: true,
      rolesEnabled: true,
    });
    const saved = await as(server(), a.admin)('POST', CONFIG, { rolesEnabled: false });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toEqual({ enabled: true, rolesEnabled: false });
    expect((await as(server(), a.admin)('GET', CONFIG)).json()).toEqual({
      enabled: true,
      rolesEnabled: false,
    });
    // A switch left out keeps its value.
    await as(server(), a.admin)('POST', CONFIG, { enabled: true });
    expect((await as(server(), a.admin)('GET', CONFIG)).json()).toEqual({
      enabled: true,
      rolesEnabled: false,
    });
    expect((await as(server(), b.admin)('GET', CONFIG)).json()).toEqual({
      enabled: true,
      rolesEnabled: true,
    });
    expect(await actionsOf(a.admin)).toContain('Groups configuration updated');
  });

  it('refuses roles on groups while they are off, and new groups, edits and members while groups are off', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.admin);
    const group = await createGroup(team.admin, 'Switches');
    const readOnly = await vendorRoleId('ReadOnly');

    await call('POST', CONFIG, { rolesEnabled: false });
    const rolesOff = expectErrorShape(
      await call('POST', `${GROUPS}/${group}/roles`, { roleIds: [readOnly] }),
      400,
    );
    expect(rolesOff.errorCode).toBe('ER-GROUPS-ROLES-DISABLED');
    expect(
      (await call('POST', `${GROUPS}/${group}/users`, { userIds: [team.member.user.id] })).statusCode,
    ).toBe(200);

    await call('POST', CONFIG, { enabled: false, rolesEnabled: true });
    expect(expectErrorShape(await call('POST', GROUPS, { name: 'Another' }), 400).errorCode).toBe(
      'ER-GROUPS-DISABLED',
    );
    expectErrorShape(
      await call('POST', `${GROUPS}/${group}/users`, { userIds: [team.readOnly.user.id] }),
      400,
    );
    expectErrorShape(await call('PATCH', `${GROUPS}/${group}`, { name: 'Renamed' }), 400);
    // Tidying up stays possible.
    expect(
      (await call('DELETE', `${GROUPS}/${group}/users`, { userIds: [team.member.user.id] })).statusCode,
    ).toBe(200);

    await call('POST', CONFIG, { enabled: true });
    expect((await call('POST', `${GROUPS}/${group}/roles`, { roleIds: [readOnly] })).statusCode).toBe(200);
    expect((await call('POST', GROUPS, { name: 'Another' })).statusCode).toBe(201);
  });

  it('another tenant’s groups answer 404 before the switches are looked at', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const groupOfB = await createGroup(b.admin, 'B group');
    await as(server(), a.admin)('POST', CONFIG, { enabled: false });
    expectErrorShape(
      await as(server(), a.admin)('POST', `${GROUPS}/${groupOfB}/users`, { userIds: [a.member.user.id] }),
      404,
    );
  });

  it('needs fe.secure.write.groups to change and answers bad input with 400', async () => {
    const team = await createTenantAdmins(server());
    expectErrorShape(await as(server(), team.readOnly)('POST', CONFIG, { enabled: false }), 403);
    expectErrorShape(await as(server(), team.member)('GET', CONFIG), 403);
    expectErrorShape(await server().app.inject({ method: 'POST', url: CONFIG, payload: {} }), 401);
    const call = as(server(), team.admin);
    expectErrorShape(await call('POST', CONFIG, { enabled: 'no' }), 400);
    expectErrorShape(await call('POST', CONFIG, { rolesEnabled: 0 }), 400);
    expectErrorShape(await call('POST', CONFIG, { enabled: false, groupsOn: true }), 400);
    expect((await call('GET', CONFIG)).json()).toEqual({ enabled: true, rolesEnabled: true });
  });
});

describe('DELETE /users/phone-numbers/v1/:id and …/delete/verify (the SMS-verified delete)', () => {
  const uniquePhone = () => `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const lastText = async (phoneNumber: string) => {
    const [sms] = await listOutboxSms(server().db, { to: phoneNumber, limit: 1 });
    return { text: sms?.text ?? '', code: sms?.text.match(/\b(\d{6})\b/)?.[1] ?? '' };
  };
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  /** A number on `who`'s profile, verified with its texted code unless `verified` is false. */
  async function addPhone(who: Member, verified = true) {
    const call = as(server(), who);
    const phoneNumber = uniquePhone();
    const { otcToken } = (await call('POST', PHONES, { phoneNumber })).json<{ otcToken: string }>();
    if (verified) {
      const { code } = await lastText(phoneNumber);
      expect((await call('POST', `${PHONES}/verify`, { otcToken, code })).statusCode).toBe(200);
    }
    const listed = (await call('GET', `${PHONES}/me`)).json<{ id: string; phoneNumber: string }[]>();
    const row = listed.find((entry) => entry.phoneNumber === phoneNumber);
    if (!row) throw new Error('phone number not listed');
    return { id: row.id, phoneNumber, otcToken };
  }

  const listedIds = async (who: Member) =>
    (await as(server(), who)('GET', `${PHONES}/me`)).json<{ id: string }[]>().map((row) => row.id);

  it('texts a code to a verified number and deletes it only with that code; audited', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    const phone = await addPhone(team.member);

    const started = await call('DELETE', `${PHONES}/${phone.id}`);
    expect(started.statusCode).toBe(200);
    const { phoneId, otcToken } = started.json<{ phoneId: string; otcToken: string }>();
    expect(phoneId).toBe(phone.id);
    expect(otcToken).toEqual(expect.any(String));
    expect(await listedIds(team.member)).toEqual([phone.id]);
    const { text, code } = await lastText(phone.phoneNumber);
    expect(text).toContain('remove this phone number');

    const refused = expectErrorShape(
      await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code: wrong(code) }),
      400,
    );
    expect(refused.errorCode).toBe('ER-PROFILE-INVALID-CODE');
    expect(await listedIds(team.member)).toEqual([phone.id]);

    const done = await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code });
    expect(done.statusCode).toBe(200);
    expect(await listedIds(team.member)).toEqual([]);
    expectErrorShape(await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code }), 404);
    expect(await actionsOf(team.member)).toEqual(
      expect.arrayContaining([
        'User asked to delete phone number',
        'Phone number code rejected',
        'User deleted phone number',
      ]),
    );
  });

  it('deletes an unverified number at once: it may not even be the user’s phone', async () => {
    const team = await createTenantAdmins(server());
    const phone = await addPhone(team.member, false);
    const response = await as(server(), team.member)('DELETE', `${PHONES}/${phone.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ phoneId: phone.id });
    expect(await listedIds(team.member)).toEqual([]);
    expect(await actionsOf(team.member)).toContain('User deleted phone number');
  });

  it('takes only the code texted for deleting that very number', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    const first = await addPhone(team.member);
    const second = await addPhone(team.member);

    // The code that verified the number is not a code to delete it.
    const { code: verifyCode } = await lastText(second.phoneNumber);
    expectErrorShape(
      await call('POST', `${PHONES}/${second.id}/delete/verify`, {
        otcToken: second.otcToken,
        code: verifyCode,
      }),
      400,
    );
    // The delete code of one number does not delete another.
    const { otcToken } = (await call('DELETE', `${PHONES}/${first.id}`)).json<{ otcToken: string }>();
    const { code } = await lastText(first.phoneNumber);
    expectErrorShape(await call('POST', `${PHONES}/${second.id}/delete/verify`, { otcToken, code }), 400);
    // A fresh request replaces the previous code.
    const again = (await call('DELETE', `${PHONES}/${first.id}`)).json<{ otcToken: string }>();
    expectErrorShape(await call('POST', `${PHONES}/${first.id}/delete/verify`, { otcToken, code }), 400);
    const { code: fresh } = await lastText(first.phoneNumber);
    expect(
      (await call('POST', `${PHONES}/${first.id}/delete/verify`, { otcToken: again.otcToken, code: fresh }))
        .statusCode,
    ).toBe(200);
    expect(await listedIds(team.member)).toEqual([second.id]);
  });

  it('stops taking guesses after a few wrong codes', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    const phone = await addPhone(team.member);
    const { otcToken } = (await call('DELETE', `${PHONES}/${phone.id}`)).json<{ otcToken: string }>();
    const { code } = await lastText(phone.phoneNumber);
    for (let guess = 0; guess < 5; guess += 1) {
      await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code: wrong(code) });
    }
    expectErrorShape(await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code }), 400);
    expect(await listedIds(team.member)).toEqual([phone.id]);
  });

  it('never starts nor finishes the delete of another user’s number (404, unchanged, nothing texted)', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const theirs = await addPhone(b.member);
    const { otcToken } = (await as(server(), b.member)('DELETE', `${PHONES}/${theirs.id}`)).json<{
      otcToken: string;
    }>();
    const { code } = await lastText(theirs.phoneNumber);
    for (const attacker of [a.admin, b.admin]) {
      const call = as(server(), attacker);
      expectErrorShape(await call('DELETE', `${PHONES}/${theirs.id}`), 404);
      expectErrorShape(await call('POST', `${PHONES}/${theirs.id}/delete/verify`, { otcToken, code }), 404);
    }
    expect((await lastText(theirs.phoneNumber)).code).toBe(code);
    expect(await listedIds(b.member)).toEqual([theirs.id]);
  });

  it.each([
    [{}],
    [{ otcToken: 'x' }],
    [{ code: '123456' }],
    [{ otcToken: 'x', code: 'abcdef' }],
    [{ otcToken: '', code: '123456' }],
    [{ otcToken: 7, code: 123456 }],
  ])('answers 400 to the verify body %j', async (payload) => {
    const team = await createTenantAdmins(server());
    expectErrorShape(
      await as(server(), team.member)('POST', `${PHONES}/${randomUUID()}/delete/verify`, payload),
      400,
    );
  });

  it('answers 400 to a bad id, 404 to an unknown one, 401 without a token', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    const body = { otcToken: 'x.y', code: '123456' };
    expectErrorShape(await call('POST', `${PHONES}/not-an-id/delete/verify`, body), 400);
    expectErrorShape(await call('POST', `${PHONES}/${randomUUID()}/delete/verify`, body), 404);
    expectErrorShape(
      await server().app.inject({
        method: 'POST',
        url: `${PHONES}/${randomUUID()}/delete/verify`,
        payload: body,
      }),
      401,
    );
  });
});
