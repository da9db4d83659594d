// POST /tenants/invites/v1/verify: an invite link checked before signing up (issue 4, admin portal part 1).
import { describe, expect, it } from 'vitest';
import { as, createTenantAdmins, vendorRoleId as roleIdOf } from '../../../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../../../harness.js';

const server = useTestServer();
const VERIFY_INVITE = `${API}/tenants/invites/v1/verify`;
const INVITE_LINK = `${API}/tenants/invites/v1/user`;

const vendorRoleId = (key: string) => roleIdOf(server(), key);

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
