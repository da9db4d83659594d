// Issue 13: the end of every SSO sign-in (auth/federated/sso-sign-in.ts complete()): just-in-time
// provisioning, roles from the connection and the IdP's groups, the refusals that keep one tenant's IdP
// from signing in anyone else, the MFA policy, and the enforcement that turns other methods off.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FederatedProfile } from '../../../src/auth/federated/types.js';
import { secondFactorStrategies } from '../../../src/auth/methods/index.js';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { assignUserRoles } from '../../../src/db/queries/roles.js';
import { findRoleIdsOfMembers, updateMembership } from '../../../src/db/queries/team.js';
import { findUserByEmail } from '../../../src/db/queries/users.js';
import { memberships, ssoConnections, userIdentities } from '../../../src/db/schema/index.js';
import { createServices, type Services } from '../../../src/services/index.js';
import { createOutboxMailer } from '../../../src/services/mail.js';
import { createOutboxSms } from '../../../src/services/sms.js';
import { as, createTenantAdmins, createTenantRole } from '../../admin-support.js';
import { createTenant, createUser, TEST_PASSWORD } from '../../factories.js';
import { expectErrorShape, useTestServer } from '../../harness.js';
import { passwordLogin } from '../../lifecycle-helpers.js';
import { createValidatedConnection, uniqueDomain } from './sso-support.js';

const server = useTestServer();
const META = { ip: '203.0.113.9', userAgent: 'vitest' };
let services: Services;

beforeAll(async () => {
  const s = server();
  // The same services the app wires, on the test database: complete() is what the SAML and OIDC
  // callbacks call once their protocol's checks passed.
  services = await createServices(
    {
      config: s.config,
      db: s.db,
      clock: s.clock,
      mailer: createOutboxMailer({ db: s.db, from: s.config.mailFrom, clock: s.clock }),
      sms: createOutboxSms({ db: s.db, clock: s.clock }),
      passwords: s.passwords,
      logger: false,
    },
    { error: () => {} },
    { secondFactorStrategies },
  );
});

const profile = (email: string, overrides: Partial<FederatedProfile> = {}): FederatedProfile => ({
  provider: 'saml',
  subject: `nameid-${email}`,
  email,
  emailVerified: true,
  name: 'Grace Hopper',
  ...overrides,
});

/** The error complete() refused with: its code (the wire's errorCode). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error && 'errorCode' in error && typeof error.errorCode === 'string')
      return error.errorCode;
    throw error;
  }
  throw new Error('expected a refusal');
}

const rolesOf = async (tenantId: string, userId: string) =>
  ((await findRoleIdsOfMembers(server().db, tenantId, [userId])).get(userId) ?? []).sort();

describe('SSO sign-in: complete()', () => {
  it('provisions a new person just in time with the default and group roles; the next sign-in updates the group roles', async () => {
    const s = server();
    const tenant = await createTenant(s.db);
    const [base, engineering, operations, byHand] = await Promise.all(
      [1, 2, 3, 4].map(() => createTenantRole(s, tenant.id, ['fe.secure.read.users'])),
    );
    if (!base || !engineering || !operations || !byHand) throw new Error('roles');
    const { connection, domain } = await createValidatedConnection(s, tenant.id, {
      roleIds: [base.id],
      groups: [
        { group: 'Engineering', roleIds: [engineering.id] },
        { group: 'Operations', roleIds: [operations.id] },
      ],
    });
    const email = `grace@${domain}`;

    const answer = await services.ssoSignIn.complete(
      connection,
      profile(email.toUpperCase(), { groups: ['ENGINEERING', 'unmapped'] }),
      META,
    );
    expect(answer).toMatchObject({ mfaRequired: false, userEmail: email });
    expect('accessToken' in answer && answer.accessToken).toBeTruthy();
    const user = await findUserByEmail(s.db, email);
    expect(user).toMatchObject({
      verified: true,
      provider: 'saml',
      activeTenantId: tenant.id,
      name: 'Grace Hopper',
    });
    if (!user) throw new Error('no user');
    const [membership] = await s.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.tenantId, tenant.id)));
    expect(membership?.isDisabled).toBe(false);
    expect(await rolesOf(tenant.id, user.id)).toEqual([base.id, engineering.id].sort());
    const [identity] = await s.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(identity).toMatchObject({
      provider: 'saml',
      connectionKey: connection.id,
      subject: `nameid-${email.toUpperCase()}`,
    });

    // An administrator's own role stays; the group roles follow the IdP.
    await assignUserRoles(s.db, user.id, tenant.id, [byHand.id]);
    await services.ssoSignIn.complete(
      connection,
      profile(email.toUpperCase(), { groups: ['operations'] }),
      META,
    );
    expect(await rolesOf(tenant.id, user.id)).toEqual([base.id, operations.id, byHand.id].sort());

    const actions = (await listAuditLogsByEmail(s.db, email)).map((log) => log.action);
    expect(actions).toEqual(expect.arrayContaining(['User provisioned by SSO', 'User logged in with SSO']));
    expect(actions.filter((action) => action === 'User provisioned by SSO')).toHaveLength(1);
  });

  it('finds a linked person by their IdP subject after their email changed at the IdP', async () => {
    const s = server();
    const tenant = await createTenant(s.db);
    const { connection, domain } = await createValidatedConnection(s, tenant.id);
    const first = await services.ssoSignIn.complete(
      connection,
      profile(`ada@${domain}`, { subject: 'stable-id' }),
      META,
    );
    const again = await services.ssoSignIn.complete(
      connection,
      profile(`ada.lovelace@${domain}`, { subject: 'stable-id' }),
      META,
    );
    expect(again.userId).toBe(first.userId);
  });

  it('gives an existing person of the validated domain a membership in the connection’s tenant', async () => {
    const s = server();
    const tenant = await createTenant(s.db);
    const { connection, domain } = await createValidatedConnection(s, tenant.id);
    const { user, tenant: home } = await createUser(s.db, s.passwords, { email: `existing@${domain}` });
    const answer = await services.ssoSignIn.complete(connection, profile(user.email), META);
    expect(answer.userId).toBe(user.id);
    const rows = await s.db.select().from(memberships).where(eq(memberships.userId, user.id));
    expect(rows.map((row) => row.tenantId).sort()).toEqual([home.id, tenant.id].sort());
    expect((await findUserByEmail(s.db, user.email))?.activeTenantId).toBe(tenant.id);
  });

  it('refuses a member disabled in the tenant, a locked user, a disabled connection and an email outside the validated domains', async () => {
    const s = server();
    const tenant = await createTenant(s.db);
    const { connection, domain } = await createValidatedConnection(s, tenant.id);
    const { user } = await createUser(s.db, s.passwords, { email: `disabled@${domain}`, tenant });
    await updateMembership(s.db, tenant.id, user.id, { isDisabled: true });
    expect(await refusal(services.ssoSignIn.complete(connection, profile(user.email), META))).toBe(
      'ER-SSO-MEMBER-DISABLED',
    );

    const { user: locked } = await createUser(s.db, s.passwords, {
      email: `locked@${domain}`,
      tenant,
      isLocked: true,
    });
    expect(await refusal(services.ssoSignIn.complete(connection, profile(locked.email), META))).toBe(
      'ER-AUTH-USER-LOCKED',
    );

    const outsider = `someone@${uniqueDomain('elsewhere')}`;
    expect(await refusal(services.ssoSignIn.complete(connection, profile(outsider), META))).toBe(
      'ER-SSO-EMAIL-DOMAIN-NOT-ALLOWED',
    );
    expect(await findUserByEmail(s.db, outsider)).toBeUndefined();

    const [disabled] = await s.db
      .update(ssoConnections)
      .set({ enabled: false })
      .where(eq(ssoConnections.id, connection.id))
      .returning();
    if (!disabled) throw new Error('no connection');
    expect(await refusal(services.ssoSignIn.complete(disabled, profile(`new@${domain}`), META))).toBe(
      'ER-SSO-CONNECTION-DISABLED',
    );
    expect(await findUserByEmail(s.db, `new@${domain}`)).toBeUndefined();
    // The refusals are audited even though their transaction was rolled back.
    const failures = (await listAuditLogsByEmail(s.db, user.email)).map((log) => log.action);
    expect(failures).toContain('User failed to log in with SSO');
  });

  it('never hands over an existing account of another domain, even when the domain check is skipped', async () => {
    const s = server();
    const tenant = await createTenant(s.db);
    const { connection } = await createValidatedConnection(s, tenant.id);
    const [lenient] = await s.db
      .update(ssoConnections)
      .set({ skipEmailDomainValidation: true })
      .where(eq(ssoConnections.id, connection.id))
      .returning();
    if (!lenient) throw new Error('no connection');
    const victim = await createUser(s.db, s.passwords, { email: `victim@${uniqueDomain('tenant-b')}` });
    expect(await refusal(services.ssoSignIn.complete(lenient, profile(victim.user.email), META))).toBe(
      'ER-SSO-ACCOUNT-NOT-LINKABLE',
    );
    const rows = await s.db.select().from(memberships).where(eq(memberships.userId, victim.user.id));
    expect(rows.map((row) => row.tenantId)).toEqual([victim.tenant.id]);
    const links = await s.db.select().from(userIdentities).where(eq(userIdentities.userId, victim.user.id));
    expect(links).toEqual([]);
  });

  it('asks for MFA when the tenant forces it, but not under “force except SAML”', async () => {
    const s = server();
    const tenant = await createTenant(s.db);
    const { connection, domain } = await createValidatedConnection(s, tenant.id);
    await services.mfaPolicies.save(tenant.id, { enforceMFAType: 'Force' });
    expect(await services.ssoSignIn.complete(connection, profile(`mfa@${domain}`), META)).toMatchObject({
      mfaRequired: true,
    });
    await services.mfaPolicies.save(tenant.id, { enforceMFAType: 'ForceExceptSAML' });
    expect(await services.ssoSignIn.complete(connection, profile(`mfa@${domain}`), META)).toMatchObject({
      mfaRequired: false,
    });
  });
});

describe('SSO enforcement', () => {
  it('refuses passwords on the enforcing tenant’s domains but for excluded emails, and restores them when turned off', async () => {
    const s = server();
    const { admin, tenant } = await createTenantAdmins(s);
    const { domain } = await createValidatedConnection(s, tenant.id);
    const { user } = await createUser(s.db, s.passwords, { email: `worker@${domain}`, tenant });
    const { user: breakGlass } = await createUser(s.db, s.passwords, {
      email: `breakglass@${domain}`,
      tenant,
    });
    const policy = '/frontegg/team/resources/sso/v1/configurations/policy';

    const saved = await as(s, admin)('PUT', policy, { enforced: true, excludedEmails: [breakGlass.email] });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = expectErrorShape(await passwordLogin(s, user.email, TEST_PASSWORD), 403);
    expect(refused.errorCode).toBe('ER-SSO-REQUIRED');
    // A wrong password answers as always: the refusal tells nothing to someone without the password.
    expect(expectErrorShape(await passwordLogin(s, user.email, 'Wrong-password-1!'), 401).errorCode).not.toBe(
      'ER-SSO-REQUIRED',
    );
    expect((await passwordLogin(s, breakGlass.email, TEST_PASSWORD)).statusCode).toBe(200);
    // Other domains are not concerned.
    expect((await passwordLogin(s, admin.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const actions = (await listAuditLogsByEmail(s.db, user.email)).map((log) => log.action);
    expect(actions).toContain('Sign-in refused: SSO is enforced');

    await as(s, admin)('PUT', policy, { enforced: false, excludedEmails: [] });
    expect((await passwordLogin(s, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
