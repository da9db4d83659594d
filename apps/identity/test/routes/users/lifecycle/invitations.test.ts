import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../../src/db/queries/audit-logs.js';
import { findUserByEmail } from '../../../../src/db/queries/users.js';
import { createUser, TEST_PASSWORD } from '../../../factories.js';
import { API, expectErrorShape, linkFromMail, mailTo, uniqueEmail, useTestServer } from '../../../harness.js';
import { accessTokenOf, createAdmin } from '../../../lifecycle-helpers.js';

const server = useTestServer();

const invite = (authorization: string, payload: unknown) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/users/v1`,
    headers: { authorization },
    payload: payload as Record<string, unknown>,
  });
const accept = (payload: unknown, variant: '' | '/code' = '') =>
  server().app.inject({
    method: 'POST',
    url: `${API}/users/v1/invitation/accept${variant}`,
    payload: payload as Record<string, unknown>,
  });

async function invitationFor(email: string) {
  const [mail] = await mailTo(server().db, email);
  const url = mail?.text.match(/https?:\/\/\S+\/account\/invitation\/accept\?\S+/)?.[0];
  const code = mail?.text.match(/enter this code: (\d{6})/)?.[1];
  if (!url || !code) throw new Error(`no invitation mailed to ${email}`);
  const params = new URL(url).searchParams;
  return { userId: params.get('userId') ?? '', token: params.get('token') ?? '', code };
}

const tenantIdsOf = async (email: string) => {
  const token = await accessTokenOf(server(), email);
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    tenantIds: string[];
  };
  return claims.tenantIds;
};

describe('invitations', () => {
  it('an administrator invites an existing user, who accepts once with the mailed link', async () => {
    const admin = await createAdmin(server());
    const { user } = await createUser(server().db, server().passwords);
    const invited = await invite(admin.authorization, { email: user.email });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ id: user.id, tenantId: admin.tenant.id });
    const invitation = await invitationFor(user.email);
    expect(await tenantIdsOf(user.email)).not.toContain(admin.tenant.id);
    expect((await accept({ userId: invitation.userId, token: invitation.token })).statusCode).toBe(200);
    expect(await tenantIdsOf(user.email)).toContain(admin.tenant.id);
    const reused = expectErrorShape(
      await accept({ userId: invitation.userId, token: invitation.token }),
      400,
    );
    expect(reused.errors).toEqual(["We couldn't verify your invitation"]);
    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((log) => log.action);
    expect(actions).toContain('User invited');
  });

  it('the code variant needs the mailed code; a wrong code counts against 5 attempts', async () => {
    const admin = await createAdmin(server());
    const { user } = await createUser(server().db, server().passwords);
    await invite(admin.authorization, { email: user.email });
    const { userId, token, code } = await invitationFor(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    expectErrorShape(await accept({ userId, token, code: wrong }, '/code'), 400);
    expect((await accept({ userId, token, code }, '/code')).statusCode).toBe(200);

    const other = await createAdmin(server());
    await invite(other.authorization, { email: user.email });
    const second = await invitationFor(user.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectErrorShape(
        await accept({ ...second, code: second.code === '000000' ? '111111' : '000000' }, '/code'),
        400,
      );
    }
    expectErrorShape(await accept(second, '/code'), 400);
  });

  it('a new person is created unverified in the tenant and gets the activation mail', async () => {
    const admin = await createAdmin(server());
    const email = uniqueEmail('newcomer');
    const invited = await invite(admin.authorization, { email, name: 'New Comer' });
    expect(invited.json()).toMatchObject({ email, verified: false, tenantId: admin.tenant.id });
    const [mail] = await mailTo(server().db, email);
    expect(mail?.text).toContain('/account/activate?');
    // Walk-through: the web app reads this to keep an invitee off the personal-email review page.
    const user = await findUserByEmail(server().db, email);
    expect(JSON.parse(user?.vendorMetadata ?? '{}')).toMatchObject({ signupType: 'invitation' });
  });

  it('the mail to a new person is an invitation naming inviter and account, not a sign-up mail (walk-through issue)', async () => {
    const admin = await createAdmin(server(), { name: 'Dana Admin' });
    const email = uniqueEmail('invitee');
    await invite(admin.authorization, { email, name: 'Ivy Invitee' });
    const [mail] = await mailTo(server().db, email);
    if (!mail) throw new Error('no invitation mail');
    const account = admin.tenant.name;
    expect(mail.subject).toBe(`Dana Admin invited you to ${account} on Brizo FoodMetrics`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Hi Ivy Invitee,');
      expect(body).toContain(`Dana Admin (${admin.user.email}) invited you to join the account`);
      expect(body).toContain(account);
      expect(body).not.toMatch(/signing up|did not sign up/);
    }
    expect(mail.text).toContain('If you did not expect it, you can ignore this email');
    expect(mail.text).toContain(`Questions about it go to ${admin.user.email}`);
    // The accept link is the activation link: it confirms the address and sets the password.
    const { userId, token } = await linkFromMail(server().db, email, '/account/activate');
    expect(mail.text).toContain(`Accept the invitation: http://identity.test/account/activate?`);
    const activated = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/activate`,
      payload: { userId, token, password: 'Another-horse-7!' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
  });

  it('the mail to an existing user names inviter and account too', async () => {
    const admin = await createAdmin(server(), { name: 'Omar Owner' });
    const { user } = await createUser(server().db, server().passwords, { name: 'Eve Existing' });
    await invite(admin.authorization, { email: user.email });
    const [mail] = await mailTo(server().db, user.email);
    expect(mail?.subject).toBe(`Omar Owner invited you to ${admin.tenant.name} on Brizo FoodMetrics`);
    expect(mail?.text).toContain(
      `Omar Owner (${admin.user.email}) invited you to join the account "${admin.tenant.name}"`,
    );
    expect(mail?.text).toContain('If you did not expect it, you can ignore this email');
  });

  it('expires after 30 days', async () => {
    const admin = await createAdmin(server());
    const { user } = await createUser(server().db, server().passwords);
    await invite(admin.authorization, { email: user.email });
    const invitation = await invitationFor(user.email);
    server().clock.advanceSeconds(43_200 * 60 + 1);
    try {
      expectErrorShape(await accept({ userId: invitation.userId, token: invitation.token }), 400);
    } finally {
      server().clock.advanceSeconds(-(43_200 * 60 + 1));
    }
  });

  it('only administrators invite; members and anonymous callers are refused; members twice are a 409', async () => {
    const admin = await createAdmin(server());
    const member = await createUser(server().db, server().passwords, { tenant: admin.tenant });
    const memberAuth = `Bearer ${await accessTokenOf(server(), member.user.email, TEST_PASSWORD)}`;
    expectErrorShape(await invite(memberAuth, { email: uniqueEmail() }), 403);
    expectErrorShape(await invite('', { email: uniqueEmail() }), 401);
    expectErrorShape(await invite(admin.authorization, { email: member.user.email }), 409);
  });

  it.each([
    ['invite without email', 'invite', {}],
    ['invite with a bad email', 'invite', { email: 'nope' }],
    ['invite with bad roleIds', 'invite', { email: 'a@b.test', roleIds: ['x'] }],
    ['accept without token', 'accept', { userId: '00000000-0000-4000-8000-000000000000' }],
    ['accept without userId', 'accept', { token: 'abc' }],
    ['accept with a bad userId', 'accept', { userId: 'x', token: 'abc' }],
    [
      'accept with an unknown token',
      'accept',
      { userId: '00000000-0000-4000-8000-000000000000', token: 'abc' },
    ],
    ['code without code', 'code', { userId: '00000000-0000-4000-8000-000000000000', token: 'abc' }],
    [
      'code with letters',
      'code',
      { userId: '00000000-0000-4000-8000-000000000000', token: 'abc', code: 'abcdef' },
    ],
  ])('bad input (%s) is a 400 with the error shape', async (_name, which, payload) => {
    const admin = await createAdmin(server());
    const response =
      which === 'invite'
        ? await invite(admin.authorization, payload)
        : await accept(payload, which === 'code' ? '/code' : '');
    expectErrorShape(response, 400);
  });
});
