// /groups/v1/config: the groups configuration (issue 4, admin portal part 1).
import { describe, expect, it } from 'vitest';
import {
  as,
  auditActionsOf,
  createGroup as createGroupIn,
  createTenantAdmins,
  vendorRoleId as roleIdOf,
  type Member,
} from '../../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const GROUPS = `${API}/groups/v1`;

const actionsOf = (who: Member) => auditActionsOf(server(), who);
const vendorRoleId = (key: string) => roleIdOf(server(), key);
const createGroup = (who: Member, name: string) => createGroupIn(server(), who, name);

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
