// GET /users/v3/groups: the group ids of the users a users-list page shows (issue 4, admin portal part 1).
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships } from '../../../../src/db/schema/index.js';
import { as, createGroup as createGroupIn, createTenantAdmins, type Member } from '../../../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../../../harness.js';

const server = useTestServer();
const GROUPS = `${API}/groups/v1`;
const USERS_GROUPS = `${API}/users/v3/groups`;

const createGroup = (who: Member, name: string) => createGroupIn(server(), who, name);

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
