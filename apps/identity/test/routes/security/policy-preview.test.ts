import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PolicyPreview } from '@brizo/contract/entities/policy-preview';
import { insertMfaDevice } from '../../../src/db/queries/mfa.js';
import { upsertUserIdentity } from '../../../src/db/queries/federated.js';
import { recordPasswordChange } from '../../../src/db/queries/password-states.js';
import { auditLogs, refreshTokenFamilies, users } from '../../../src/db/schema/index.js';
import { as, createTenantAdmins, signedIn, type TenantAdmins } from '../../admin-support.js';
import { createUser, TEST_PASSWORD } from '../../factories.js';
import { API, expectErrorShape, uniqueEmail, useTestServer } from '../../harness.js';
import { passwordLogin, setPolicy } from '../../lifecycle-helpers.js';
import { createValidatedConnection, uniqueDomain } from '../sso/sso-support.js';

// Issue 14, the policy impact preview: for each kind, the members a policy would affect in the
// caller's tenant, paged, what it says of the caller, and that the preview agrees with what the
// enforcing code then does. Two tenants each time: one tenant's preview never names the other's.

const server = useTestServer();
const PREVIEW = `${API}/configurations/v1/policy-preview`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The preview as `who` sees it, from `ip` (the caller's own address matters to the IP kind). */
async function preview(who: { authorization: string }, body: unknown, ip = '127.0.0.1') {
  const response = await server().app.inject({
    method: 'POST',
    url: PREVIEW,
    remoteAddress: ip,
    headers: { authorization: who.authorization },
    payload: body as Record<string, unknown>,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PolicyPreview>();
}

const emailsOf = (answer: PolicyPreview) => answer.items.map((item) => item.email);
const sorted = (emails: string[]) => [...emails].sort();

/** A member of the tenant without admin roles, with TEST_PASSWORD unless told otherwise. */
const addMember = async (tenant: TenantAdmins['tenant'], overrides: Parameters<typeof createUser>[2] = {}) =>
  (await createUser(server().db, server().passwords, { tenant, roleKeys: ['bfm-base'], ...overrides })).user;

const signInFrom = (email: string, ip: string, password = TEST_PASSWORD) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    remoteAddress: ip,
    payload: { email, password },
  });

const enrolMfa = (userId: string) =>
  insertMfaDevice(server().db, {
    userId,
    type: 'authenticator',
    secret: 'JBSWY3DPEHPK3PXP',
    now: new Date(),
  });

describe('policy preview: MFA enforcement', () => {
  it('lists the members not enrolled, paged by email, and nobody while MFA stays optional', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    await enrolMfa(a.admin.user.id);
    const extra = await addMember(a.tenant);

    const forced = await preview(a.admin, { kind: 'mfa', policy: { enforceMFAType: 'Force' } });
    const expected = sorted([a.readOnly.user.email, a.member.user.email, extra.email]);
    expect(forced).toMatchObject({
      kind: 'mfa',
      affectedCount: 3,
      self: null,
      summary: '3 members are not enrolled in MFA and will be asked to enrol at their next sign-in',
    });
    expect(emailsOf(forced)).toEqual(expected);
    const readOnlyItem = forced.items.find((item) => item.userId === a.readOnly.user.id);
    // Signed in by createTenantAdmins from the test client's address.
    expect(readOnlyItem).toMatchObject({ reason: 'Not enrolled in MFA', lastIp: '127.0.0.1' });
    expect(readOnlyItem?.lastSignInAt).toEqual(expect.any(String));
    expect(forced.items.find((item) => item.userId === extra.id)).toMatchObject({
      lastSignInAt: null,
      lastIp: null,
    });

    const first = await preview(a.admin, { kind: 'mfa', policy: { enforceMFAType: 'Force' }, limit: 2 });
    const rest = await preview(a.admin, {
      kind: 'mfa',
      policy: { enforceMFAType: 'Force' },
      limit: 2,
      offset: 2,
    });
    expect([first.affectedCount, rest.affectedCount]).toEqual([3, 3]);
    expect([...emailsOf(first), ...emailsOf(rest)]).toEqual(expected);

    const optional = await preview(a.admin, { kind: 'mfa', policy: { enforceMFAType: 'DontForce' } });
    expect(optional).toEqual({
      kind: 'mfa',
      affectedCount: 0,
      items: [],
      self: null,
      summary: 'MFA stays optional: nobody will be asked to enrol',
    });

    // The other tenant's count is its own three members, none of this tenant's.
    const other = await preview(b.admin, { kind: 'mfa', policy: { enforceMFAType: 'Force' } });
    expect(emailsOf(other)).toEqual(sorted([b.admin.user.email, b.readOnly.user.email, b.member.user.email]));
  });

  it('"Force except SAML" leaves out the members who sign in through one of the tenant\'s connections', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const { connection } = await createValidatedConnection(server(), a.tenant.id);
    const { connection: otherConnection } = await createValidatedConnection(server(), b.tenant.id);
    const identity = (userId: string, email: string, connectionKey: string) =>
      upsertUserIdentity(server().db, {
        userId,
        provider: 'saml',
        connectionKey,
        subject: email,
        email,
        now: new Date(),
      });
    await identity(a.member.user.id, a.member.user.email, connection.id);
    // An identity at another tenant's connection does not exempt anyone here.
    await identity(a.readOnly.user.id, a.readOnly.user.email, otherConnection.id);

    const answer = await preview(a.admin, { kind: 'mfa', policy: { enforceMFAType: 'ForceExceptSAML' } });
    expect(emailsOf(answer)).toEqual(sorted([a.admin.user.email, a.readOnly.user.email]));
    expect(answer.summary).toBe(
      '2 members are not enrolled in MFA and will be asked to enrol at their next sign-in (members signing in with SSO are not asked)',
    );
    expect(answer.items[0]?.reason).toBe('Not enrolled in MFA, and does not sign in with SSO');
  });

  it('agrees with the sign-in: a listed member is asked to enrol once the policy is saved', async () => {
    const a = await createTenantAdmins(server());
    await enrolMfa(a.member.user.id);
    const answer = await preview(a.admin, { kind: 'mfa', policy: { enforceMFAType: 'Force' } });
    expect(emailsOf(answer)).not.toContain(a.member.user.email);
    expect(emailsOf(answer)).toContain(a.readOnly.user.email);
    const saved = await as(server(), a.admin)('POST', `${API}/configurations/v1/mfa-policy`, {
      enforceMFAType: 'Force',
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const login = await passwordLogin(server(), a.readOnly.user.email, TEST_PASSWORD);
    expect(login.json()).toMatchObject({ mfaRequired: true, mfaEnrolled: false });
  });
});

describe('policy preview: IP restrictions', () => {
  const IP = `${API}/configurations/v1/restrictions/ip`;

  it("lists members whose recent addresses the rules would refuse, and warns about the caller's own address", async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const traveller = await addMember(a.tenant);
    expect((await signInFrom(traveller.email, '198.51.100.7')).statusCode).toBe(200);
    // The other tenant's member from the same address is not this tenant's concern.
    expect((await signInFrom(b.member.user.email, '198.51.100.7')).statusCode).toBe(200);

    const allowLocal = {
      kind: 'ipRestriction',
      policy: { isActive: true, strategy: 'ALLOW', add: [{ ip: '127.0.0.0/8', strategy: 'ALLOW' }] },
    };
    const answer = await preview(a.admin, allowLocal);
    expect(answer).toMatchObject({
      kind: 'ipRestriction',
      affectedCount: 1,
      self: { affected: false, reason: null, ip: '127.0.0.1' },
      summary:
        '1 member signed in from addresses these rules refuse in the last 30 days: they would lose access',
    });
    expect(answer.items).toEqual([
      expect.objectContaining({
        userId: traveller.id,
        reason: 'Signed in from 198.51.100.7, which these rules refuse',
        lastIp: '198.51.100.7',
      }),
    ]);

    // The same rules seen from an address outside them: the caller would be signed out.
    const fromOutside = await preview(a.admin, allowLocal, '203.0.113.50');
    expect(fromOutside.self).toEqual({
      affected: true,
      reason: 'Your current address 203.0.113.50 would be refused: saving would sign you out',
      ip: '203.0.113.50',
    });

    // Not enforced: nobody, but the caller's verdict under the lists is still given.
    const inactive = await preview(a.admin, {
      ...allowLocal,
      policy: { ...allowLocal.policy, isActive: false },
    });
    expect(inactive).toMatchObject({
      affectedCount: 0,
      summary: 'IP restrictions are off: no address is refused',
    });

    // A block list naming the test client's address: every member who signed in from it, and the caller.
    const blockLocal = await preview(a.admin, {
      kind: 'ipRestriction',
      policy: { isActive: true, strategy: 'BLOCK', add: [{ ip: '127.0.0.1', strategy: 'BLOCK' }] },
    });
    expect(emailsOf(blockLocal)).toEqual(
      sorted([a.admin.user.email, a.readOnly.user.email, a.member.user.email]),
    );
    expect(blockLocal.self?.affected).toBe(true);
  });

  it('applies the change to the saved lists: a removed entry no longer lets anyone in', async () => {
    const a = await createTenantAdmins(server());
    const saved = await as(server(), a.admin)('POST', IP, {
      ip: '127.0.0.0/8',
      strategy: 'ALLOW',
      isActive: true,
      description: 'Loopback',
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const entryId = saved.json<{ id: string }>().id;

    const kept = await preview(a.admin, {
      kind: 'ipRestriction',
      policy: { isActive: true, strategy: 'ALLOW' },
    });
    expect(kept).toMatchObject({ affectedCount: 0, self: { affected: false } });
    const removed = await preview(a.admin, {
      kind: 'ipRestriction',
      policy: { isActive: true, strategy: 'ALLOW', removeIds: [entryId] },
    });
    expect(removed.affectedCount).toBe(3);
    expect(removed.self?.affected).toBe(true);
  });

  it('counts sign-ins of the last 30 days and live sessions, not older or ended ones', async () => {
    const a = await createTenantAdmins(server());
    const live = await addMember(a.tenant);
    const ended = await addMember(a.tenant);
    expect((await signInFrom(live.email, '192.0.2.10')).statusCode).toBe(200);
    expect((await signInFrom(ended.email, '192.0.2.11')).statusCode).toBe(200);
    // Both sign-ins long ago in the audit log; only the first member's session is still live.
    const longAgo = new Date(Date.now() - 40 * DAY_MS);
    for (const user of [live, ended]) {
      await server().db.update(auditLogs).set({ createdAt: longAgo }).where(eq(auditLogs.userId, user.id));
    }
    await server()
      .db.update(refreshTokenFamilies)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(eq(refreshTokenFamilies.userId, ended.id));

    const answer = await preview(a.admin, {
      kind: 'ipRestriction',
      policy: { isActive: true, strategy: 'BLOCK', add: [{ ip: '192.0.2.0/24', strategy: 'BLOCK' }] },
    });
    expect(emailsOf(answer)).toEqual([live.email]);
  });

  it('agrees with enforcement: a listed member is refused at sign-in once the rules are saved', async () => {
    const a = await createTenantAdmins(server());
    const traveller = await addMember(a.tenant);
    expect((await signInFrom(traveller.email, '198.51.100.77')).statusCode).toBe(200);
    const policy = {
      isActive: true,
      strategy: 'BLOCK' as const,
      add: [{ ip: '198.51.100.77', strategy: 'BLOCK' as const }],
    };
    expect(emailsOf(await preview(a.admin, { kind: 'ipRestriction', policy }))).toEqual([traveller.email]);
    expect(
      (await as(server(), a.admin)('POST', IP, { ip: '198.51.100.77', strategy: 'BLOCK' })).statusCode,
    ).toBeLessThan(300);
    const config = await as(server(), a.admin)('POST', `${IP}/config`, { isActive: true, strategy: 'BLOCK' });
    expect(config.statusCode, config.body).toBeLessThan(300);
    expectErrorShape(await signInFrom(traveller.email, '198.51.100.77'), 403);
  });

  it('refuses an entry that is no address with its own code', async () => {
    const a = await createTenantAdmins(server());
    const response = await as(server(), a.admin)('POST', PREVIEW, {
      kind: 'ipRestriction',
      policy: { isActive: true, add: [{ ip: 'not-an-address', strategy: 'ALLOW' }] },
    });
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-POLICY-PREVIEW-INVALID');
  });
});

describe('policy preview: email-domain restrictions', () => {
  it('lists members whose domain the rules refuse, says why, and names the caller', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const personal = await addMember(a.tenant, { email: uniqueEmail('home', 'gmail.com') });
    const partner = await addMember(a.tenant, { email: uniqueEmail('partner', 'partner-co.test') });
    await addMember(b.tenant, { email: uniqueEmail('other', 'partner-co.test') });

    const allowOwn = await preview(a.admin, {
      kind: 'domainRestriction',
      policy: { active: true, listType: 'ALLOW', add: [{ domain: '@Acme-Foods.test', type: 'ALLOW' }] },
    });
    expect(allowOwn).toMatchObject({
      kind: 'domainRestriction',
      affectedCount: 2,
      self: { affected: false, reason: null },
      summary:
        '2 members have an email domain these rules refuse: they keep their access, but could not be invited or sign up again',
    });
    expect(allowOwn.items.map((item) => [item.email, item.reason])).toEqual(
      [
        [personal.email, 'gmail.com is not on the allowed domains'],
        [partner.email, 'partner-co.test is not on the allowed domains'],
      ].sort(([x = ''], [y = '']) => (x < y ? -1 : 1)),
    );

    const publicOnly = await preview(a.admin, {
      kind: 'domainRestriction',
      policy: { active: true, listType: 'BLOCK', blockPublicDomains: true },
    });
    expect(publicOnly.items.map((item) => [item.email, item.reason])).toEqual([
      [personal.email, 'gmail.com is a personal email domain, which these rules refuse'],
    ]);

    const blockOwn = await preview(a.admin, {
      kind: 'domainRestriction',
      policy: { active: true, listType: 'BLOCK', add: [{ domain: 'acme-foods.test', type: 'BLOCK' }] },
    });
    expect(blockOwn.affectedCount).toBe(3);
    expect(blockOwn.self).toMatchObject({
      affected: true,
      reason: 'Your own email domain acme-foods.test would be refused',
    });
    const off = await preview(a.admin, { kind: 'domainRestriction', policy: { active: false } });
    expect(off).toMatchObject({
      affectedCount: 0,
      summary: 'Email-domain restrictions are off: no address is refused',
    });
  });

  it('agrees with enforcement: an invitation to a listed domain is refused once saved', async () => {
    const a = await createTenantAdmins(server());
    const partner = await addMember(a.tenant, { email: uniqueEmail('partner', 'blocked-co.test') });
    const policy = { active: true, listType: 'BLOCK', add: [{ domain: 'blocked-co.test', type: 'BLOCK' }] };
    expect(emailsOf(await preview(a.admin, { kind: 'domainRestriction', policy }))).toEqual([partner.email]);
    const DOMAIN = `${API}/configurations/restrictions/v1/email-domain`;
    expect(
      (await as(server(), a.admin)('POST', DOMAIN, { domain: 'blocked-co.test', type: 'BLOCK' })).statusCode,
    ).toBeLessThan(300);
    const config = await as(server(), a.admin)('POST', `${DOMAIN}/config`, { active: true, type: 'BLOCK' });
    expect(config.statusCode, config.body).toBeLessThan(300);
    const invite = await as(server(), a.admin)('POST', `${API}/users/v1`, {
      email: uniqueEmail('new', 'blocked-co.test'),
      name: 'New',
    });
    expect(expectErrorShape(invite, 403).errorCode).toBe('ER-SECURITY-DOMAIN-RESTRICTED');
  });

  it('refuses a domain that is no domain with its own code', async () => {
    const a = await createTenantAdmins(server());
    const response = await as(server(), a.admin)('POST', PREVIEW, {
      kind: 'domainRestriction',
      policy: { active: true, add: [{ domain: 'not a domain', type: 'ALLOW' }] },
    });
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-POLICY-PREVIEW-INVALID');
  });
});

describe('policy preview: lockout', () => {
  it('counts the members one wrong password from the new limit and those locked; a lowered limit locks them', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const careless = await addMember(a.tenant);
    const otherCareless = await addMember(b.tenant);
    for (const [admin, user] of [
      [a.admin, careless],
      [b.admin, otherCareless],
    ] as const) {
      expect(
        (await setPolicy(server(), admin.authorization, 'lockout-policy', { enabled: true, maxAttempts: 10 }))
          .statusCode,
      ).toBe(200);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expectErrorShape(await passwordLogin(server(), user.email, 'Wrong-password-1!'), 401);
      }
    }

    const loose = await preview(a.admin, { kind: 'lockout', policy: { enabled: true, maxAttempts: 10 } });
    expect(loose).toMatchObject({
      affectedCount: 0,
      summary: 'No member is close to the limit of 10 wrong passwords in a row',
    });
    const strict = await preview(a.admin, { kind: 'lockout', policy: { enabled: true, maxAttempts: 2 } });
    expect(strict).toMatchObject({
      kind: 'lockout',
      affectedCount: 1,
      self: null,
      summary: '1 member is one wrong password away from being locked at their next sign-in',
    });
    expect(strict.items).toEqual([
      expect.objectContaining({
        userId: careless.id,
        reason: '2 wrong passwords in a row: the next one locks the account',
      }),
    ]);
    const off = await preview(a.admin, { kind: 'lockout', policy: { enabled: false, maxAttempts: 2 } });
    expect(off).toMatchObject({
      affectedCount: 0,
      summary: 'Lockout is off: wrong passwords will not lock any account',
    });

    // Saved below the member's count, the next wrong password locks them (it used to need exactly the limit).
    expect(
      (await setPolicy(server(), a.admin.authorization, 'lockout-policy', { enabled: true, maxAttempts: 2 }))
        .statusCode,
    ).toBe(200);
    expectErrorShape(await passwordLogin(server(), careless.email, 'Wrong-password-1!'), 401);
    const [row] = await server().db.select().from(users).where(eq(users.id, careless.id));
    expect(row?.isLocked).toBe(true);

    const after = await preview(a.admin, { kind: 'lockout', policy: { enabled: true, maxAttempts: 5 } });
    expect(after).toMatchObject({ affectedCount: 1, summary: '1 member is locked already' });
    expect(after.items[0]).toMatchObject({
      userId: careless.id,
      reason: 'Locked: stays locked until unlocked',
    });
  });
});

describe('policy preview: password history', () => {
  it('counts the members with a password, and how many passwords each next change may not reuse', async () => {
    const a = await createTenantAdmins(server());
    const passwordless = await addMember(a.tenant, { password: null });
    const changed = await addMember(a.tenant);
    await recordPasswordChange(server().db, {
      userId: changed.id,
      previousHash: 'earlier-hash',
      now: new Date(),
    });

    const answer = await preview(a.admin, {
      kind: 'passwordHistory',
      policy: { enabled: true, historySize: 3 },
    });
    expect(answer).toMatchObject({
      kind: 'passwordHistory',
      affectedCount: 4,
      self: null,
      summary: '4 members with a password may not reuse any of their last 3 passwords at their next change',
    });
    expect(emailsOf(answer)).not.toContain(passwordless.email);
    expect(answer.items.find((item) => item.userId === changed.id)?.reason).toBe(
      'The next password may not be any of the last 2 (on record)',
    );
    expect(answer.items.find((item) => item.userId === a.member.user.id)?.reason).toBe(
      'The next password may not be the current one',
    );
    const off = await preview(a.admin, {
      kind: 'passwordHistory',
      policy: { enabled: false, historySize: 3 },
    });
    expect(off).toMatchObject({ affectedCount: 0, items: [] });
  });
});

describe('policy preview: password rotation and expiration', () => {
  it('lists expired passwords and those inside the notification period; the sign-in then agrees', async () => {
    const a = await createTenantAdmins(server());
    const stale = await addMember(a.tenant);
    const ageing = await addMember(a.tenant);
    const now = server().clock.now().getTime();
    await recordPasswordChange(server().db, {
      userId: stale.id,
      previousHash: null,
      now: new Date(now - 100 * DAY_MS),
    });
    await recordPasswordChange(server().db, {
      userId: ageing.id,
      previousHash: null,
      now: new Date(now - 85 * DAY_MS),
    });
    const policy = { isActive: true, rotationPeriod: 90 * 1440, notificationPeriod: 7 * 1440 };

    for (const kind of ['passwordRotation', 'passwordExpiration'] as const) {
      const answer = await preview(a.admin, { kind, policy });
      expect(answer).toMatchObject({
        kind,
        affectedCount: 2,
        self: null,
        summary:
          '1 member will be asked to change an expired password at their next sign-in, and 1 member will be told theirs expires soon',
      });
      const reasons = Object.fromEntries(answer.items.map((item) => [item.userId, item.reason]));
      expect(reasons[stale.id]).toMatch(/^Password unchanged since \d{4}-\d{2}-\d{2}: expired$/);
      expect(reasons[ageing.id]).toMatch(/^Password expires in (4|5) days$/);
    }
    const off = await preview(a.admin, { kind: 'passwordRotation', policy: { isActive: false } });
    expect(off).toMatchObject({ affectedCount: 0, summary: 'Password rotation is off: no password expires' });

    expect((await setPolicy(server(), a.admin.authorization, 'password-rotation', policy)).statusCode).toBe(
      200,
    );
    const expired = await passwordLogin(server(), stale.email, TEST_PASSWORD);
    expect(expired.json()).toHaveProperty('resetPasswordToken');
    const fine = await passwordLogin(server(), a.member.user.email, TEST_PASSWORD);
    expect(fine.json()).toHaveProperty('accessToken');
  });
});

describe('policy preview: SSO enforcement', () => {
  it('lists the members of the verified domains but the break-glass addresses, and the caller on them', async () => {
    const a = await createTenantAdmins(server());
    const { domain } = await createValidatedConnection(server(), a.tenant.id, {
      domain: uniqueDomain('corp'),
    });
    const { domain: disabledDomain } = await createValidatedConnection(server(), a.tenant.id, {
      domain: uniqueDomain('old'),
      enabled: false,
    });
    const staff = await addMember(a.tenant, { email: `staff@${domain}` });
    const breakGlass = await addMember(a.tenant, { email: `break-glass@${domain}` });
    await addMember(a.tenant, { email: `legacy@${disabledDomain}` });
    const domainAdmin = await createUser(server().db, server().passwords, {
      tenant: a.tenant,
      roleKeys: ['bfm-base', 'Admin'],
      email: `it-admin@${domain}`,
    });
    const caller = { authorization: await signedIn(server(), domainAdmin.user.email) };

    const answer = await preview(caller, {
      kind: 'ssoEnforcement',
      policy: { enforced: true, excludedEmails: [` Break-Glass@${domain.toUpperCase()} `] },
    });
    expect(answer).toMatchObject({
      kind: 'ssoEnforcement',
      affectedCount: 2,
      self: { affected: true, reason: `Your address is on ${domain}: you would have to sign in through SSO` },
      summary:
        '2 members would have to sign in through SSO: their passwords and other sign-in methods stop working',
    });
    expect(emailsOf(answer)).toEqual(sorted([staff.email, domainAdmin.user.email]));
    expect(emailsOf(answer)).not.toContain(breakGlass.email);
    expect(answer.items[0]?.reason).toBe(`Address on ${domain}: SSO only`);

    const fromElsewhere = await preview(a.admin, { kind: 'ssoEnforcement', policy: { enforced: true } });
    expect(fromElsewhere.self).toMatchObject({ affected: false, reason: null });
    const off = await preview(a.admin, { kind: 'ssoEnforcement', policy: { enforced: false } });
    expect(off).toMatchObject({
      affectedCount: 0,
      summary: 'Single sign-on is not required: members keep their other sign-in methods',
    });

    // Another tenant without a verified domain: nobody.
    const b = await createTenantAdmins(server());
    const none = await preview(b.admin, { kind: 'ssoEnforcement', policy: { enforced: true } });
    expect(none).toMatchObject({
      affectedCount: 0,
      summary: 'No verified domain has an enabled connection: nobody would have to sign in with SSO',
    });
  });
});

describe('policy preview: access, isolation and malformed requests', () => {
  const everyKind = [
    { kind: 'mfa', policy: { enforceMFAType: 'Force' } },
    {
      kind: 'ipRestriction',
      policy: { isActive: true, strategy: 'BLOCK', add: [{ ip: '127.0.0.1', strategy: 'BLOCK' }] },
    },
    {
      kind: 'domainRestriction',
      policy: { active: true, listType: 'BLOCK', add: [{ domain: 'acme-foods.test', type: 'BLOCK' }] },
    },
    { kind: 'lockout', policy: { enabled: true, maxAttempts: 1 } },
    { kind: 'passwordHistory', policy: { enabled: true, historySize: 2 } },
    { kind: 'passwordRotation', policy: { isActive: true, rotationPeriod: 1, notificationPeriod: 0 } },
    { kind: 'passwordExpiration', policy: { isActive: true, rotationPeriod: 1, notificationPeriod: 0 } },
    { kind: 'ssoEnforcement', policy: { enforced: true } },
  ];

  it("every kind lists only the caller's tenant's members", async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const { domain } = await createValidatedConnection(server(), a.tenant.id);
    await addMember(a.tenant, { email: `someone@${domain}` });
    // Old passwords in both tenants, so that rotation lists someone in each.
    for (const tenant of [a, b]) {
      await recordPasswordChange(server().db, {
        userId: tenant.member.user.id,
        previousHash: null,
        now: new Date(server().clock.now().getTime() - 2 * DAY_MS),
      });
    }
    const idsOf = (tenant: TenantAdmins) =>
      [tenant.admin, tenant.readOnly, tenant.member].map((m) => m.user.id);
    const aIds = idsOf(a);
    for (const body of everyKind) {
      for (const [who, others] of [
        [a, idsOf(b)],
        [b, aIds],
      ] as const) {
        const answer = await preview(who.admin, body);
        const listed = answer.items.map((item) => item.userId);
        expect(
          listed.filter((id) => others.includes(id)),
          body.kind,
        ).toEqual([]);
        expect(answer.affectedCount, body.kind).toBeGreaterThanOrEqual(listed.length);
      }
      // Each kind above affects someone in tenant A, so the check was not vacuous.
      expect((await preview(a.admin, body)).affectedCount, body.kind).toBeGreaterThan(0);
    }
  });

  it('needs the read permission of the security policy: the Read Only administrator may, a member may not', async () => {
    const a = await createTenantAdmins(server());
    const body = { kind: 'mfa', policy: { enforceMFAType: 'Force' } };
    expect((await preview(a.readOnly, body)).affectedCount).toBe(3);
    expectErrorShape(await as(server(), a.member)('POST', PREVIEW, body), 403);
    expectErrorShape(await server().app.inject({ method: 'POST', url: PREVIEW, payload: body }), 401);
  });

  it('answers malformed bodies with a 400 in the error shape, never a 500', async () => {
    const a = await createTenantAdmins(server());
    const bodies: unknown[] = [
      {},
      [],
      { kind: 'unknown', policy: {} },
      { kind: 'mfa' },
      { kind: 'mfa', policy: null },
      { kind: 'mfa', policy: { enforceMFAType: 'Sometimes' } },
      { kind: 'mfa', policy: { enforceMFAType: 'Force' }, limit: 0 },
      { kind: 'mfa', policy: { enforceMFAType: 'Force' }, limit: 101 },
      { kind: 'mfa', policy: { enforceMFAType: 'Force' }, offset: -1 },
      { kind: 'mfa', policy: { enforceMFAType: 'Force' }, offset: 'first' },
      { kind: 'lockout', policy: { enabled: true, maxAttempts: 0 } },
      { kind: 'ipRestriction', policy: { add: [{ ip: 'x'.repeat(1000), strategy: 'ALLOW' }] } },
      { kind: 'ipRestriction', policy: { removeIds: ['not-a-uuid'] } },
      { kind: 'domainRestriction', policy: { add: 'example.com' } },
      { kind: 'passwordRotation', policy: { isActive: true, rotationPeriod: -5 } },
      { kind: 'ssoEnforcement', policy: { enforced: 'yes' } },
    ];
    for (const body of bodies) {
      const response: LightMyRequestResponse = await server().app.inject({
        method: 'POST',
        url: PREVIEW,
        headers: { authorization: a.admin.authorization, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(expectErrorShape(response, 400).errorCode, JSON.stringify(body)).toMatch(/^ER-/);
    }
    const notJson = await server().app.inject({
      method: 'POST',
      url: PREVIEW,
      headers: { authorization: a.admin.authorization, 'content-type': 'application/json' },
      payload: '{"kind":',
    });
    expectErrorShape(notJson, 400);
  });

  it('changes nothing: the audit log and the policies are as they were', async () => {
    const a = await createTenantAdmins(server());
    const auditRows = async () =>
      (
        await server()
          .db.select()
          .from(auditLogs)
          .where(and(eq(auditLogs.tenantId, a.tenant.id)))
      ).length;
    const before = await auditRows();
    for (const body of everyKind) await preview(a.admin, body);
    expect(await auditRows()).toBe(before);
    const mfa = await as(server(), a.admin)('GET', `${API}/configurations/v1/mfa-policy`);
    expect(mfa.json()).toMatchObject({ enforceMFAType: 'DontForce' });
  });
});
