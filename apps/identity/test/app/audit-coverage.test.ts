// Issue 14 (audit logs): every administrative change is recorded once, in the same transaction as the
// change, with the actor (userId, email, ip, user agent) and, for a change of settings, json.before and
// json.after holding only the changed fields and never a secret; every security-relevant flow (sign-in
// and its failure, logout, MFA, password, invitation...) is recorded once too. The tables below walk the
// admin portal's write calls through the real app, then the flows.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, permissions, users } from '../../src/db/schema/index.js';
import { MASKED } from '../../src/services/audit-changes.js';
import { createTenantAdmins, vendorRoleId, type Member, type TenantAdmins } from '../admin-support.js';
import { startTestDnsServer, type TestDnsServer } from '../dns-server.js';
import { createUser, TEST_PASSWORD } from '../factories.js';
import { API, cookieValue, expectErrorShape, linkFromMail, uniqueEmail, useTestServer } from '../harness.js';
import { accessTokenOf } from '../lifecycle-helpers.js';
import { secretOf, totpCode } from '../mfa-support.js';
import { DEVICES, RP, setPasskeysStrategy } from '../passkeys-support.js';
import { okta } from '../routes/scim/directory-requests.js';
import { idpCertificate, idpMetadataXml, uniqueDomain } from '../routes/sso/sso-support.js';
import { SoftwareAuthenticator } from '../software-authenticator.js';

const env: NodeJS.ProcessEnv = { OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost' };
let dns: TestDnsServer;
let metadataHost: Server;
let metadataUrl = '';
let servedMetadata = '';
beforeAll(async () => {
  dns = await startTestDnsServer();
  env.SSO_DNS_SERVERS = dns.address;
  metadataHost = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/xml' }).end(servedMetadata);
  });
  await new Promise<void>((resolve) => metadataHost.listen(0, '127.0.0.1', resolve));
  metadataUrl = `http://127.0.0.1:${(metadataHost.address() as AddressInfo).port}/metadata`;
});
afterAll(async () => {
  await dns.close();
  await new Promise((resolve) => metadataHost.close(resolve));
});
const server = useTestServer({ env });

/** Where every call of these tables comes from: the audit row must say so. */
const ORIGIN = { ip: '203.0.113.7', userAgent: 'audit-coverage/1.0 (issue 14)' };
const SSO = '/frontegg/team/resources/sso/v1/configurations';
const SCIM = '/frontegg/directory/resources/v1/configurations/scim2';
const SECURITY = `${API}/configurations`;
const ENTITLEMENTS = '/frontegg/entitlements/resources';
const BILLING = '/frontegg/subscriptions/resources/billing';
const COOKIE = 'fe_refresh_brizoaccess';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const call = (
  who: Pick<Member, 'authorization'> | undefined,
  method: Method,
  url: string,
  payload?: unknown,
) =>
  server().app.inject({
    method,
    url,
    remoteAddress: ORIGIN.ip,
    headers: { 'user-agent': ORIGIN.userAgent, ...(who ? { authorization: who.authorization } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** The audit rows of a tenant, by id. */
async function rowsOf(tenantId: string) {
  return server().db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenantId));
}

/** Runs `act` and answers the audit rows it added to the tenant (and checks it added none elsewhere). */
async function added(tenantId: string, otherTenantId: string, act: () => Promise<LightMyRequestResponse>) {
  const before = new Set((await rowsOf(tenantId)).map((row) => row.id));
  const othersBefore = (await rowsOf(otherTenantId)).length;
  const response = await act();
  const rows = (await rowsOf(tenantId)).filter((row) => !before.has(row.id));
  // Tenant isolation: a tenant's change writes nothing into another tenant's log.
  expect((await rowsOf(otherTenantId)).length).toBe(othersBefore);
  return { response, rows };
}

/** Makes the audit insert of one action fail, as a full disk or a lost connection would. */
async function failAuditOf(action: string) {
  const { db } = server();
  await db.execute(
    sql.raw(`create or replace function issue14_fail_audit() returns trigger language plpgsql as $$
      begin
        if new.action = '${action.replaceAll("'", "''")}' then raise exception 'audit insert failed (test)'; end if;
        return new;
      end $$`),
  );
  await db.execute(sql`drop trigger if exists issue14_fail_audit on audit_logs`);
  await db.execute(
    sql`create trigger issue14_fail_audit before insert on audit_logs for each row execute function issue14_fail_audit()`,
  );
}
const auditWorksAgain = () =>
  server().db.execute(sql`drop trigger if exists issue14_fail_audit on audit_logs`);
afterEach(auditWorksAgain);

/** What json.before and json.after show: a creation, a deletion, or a field changed from → to. */
type Change =
  | { created: Record<string, unknown> }
  | { deleted: Record<string, unknown> }
  | { field: string; from: unknown; to: unknown };

function expectChange(json: Record<string, unknown>, change: Change) {
  const before = json.before as Record<string, unknown> | null | undefined;
  const after = json.after as Record<string, unknown> | null | undefined;
  if ('created' in change) {
    expect(before).toBeNull();
    expect(after).toMatchObject(change.created);
  } else if ('deleted' in change) {
    expect(after).toBeNull();
    expect(before).toMatchObject(change.deleted);
  } else {
    expect(before?.[change.field]).toEqual(change.from);
    expect(after?.[change.field]).toEqual(change.to);
    // Only the changed fields: nothing the change left as it was (a secret shows masked on both sides).
    for (const key of Object.keys(after ?? {}))
      if (after?.[key] !== MASKED) expect(before?.[key]).not.toEqual(after?.[key]);
  }
}

interface AdminWrite {
  method: Method;
  url: () => string;
  body?: () => unknown;
  action: string;
  status?: number;
  /** For a change of settings: what json.before and json.after must show. Actions (a resend) have none. */
  change?: () => Change;
  /** What later calls need from the answer. */
  keep?: (response: LightMyRequestResponse) => void;
  /** Values that must appear nowhere in the audit row (secrets and tokens). */
  secrets?: (response: LightMyRequestResponse) => string[];
  /** The vendor's settings, changed by a superuser (recorded in the superuser's tenant). */
  vendor?: true;
  /** What the world does before the call (an IdP publishing new metadata). */
  setup?: () => void;
}

// What the tables share: two tenants (the second only to see that nothing reaches it), a superuser,
// the members the changes act on, and the ids the calls create.
let team: TenantAdmins;
let other: TenantAdmins;
let vendor: Member;
let target: Member['user'];
let unverified: Member['user'];
let readOnlyRoleId = '';
const permissionIds: Record<string, string> = {};
const ids: Record<string, string> = {};
let domain = '';
let txtRecord = '';

beforeAll(async () => {
  const s = server();
  team = await createTenantAdmins(s);
  other = await createTenantAdmins(s);
  const superuser = await createUser(s.db, s.passwords, { superUser: true, roleKeys: ['Admin'] });
  vendor = { user: superuser.user, authorization: `Bearer ${await accessTokenOf(s, superuser.user.email)}` };
  target = (await createUser(s.db, s.passwords, { tenant: team.tenant, roleKeys: [] })).user;
  unverified = (await createUser(s.db, s.passwords, { tenant: team.tenant, verified: false })).user;
  readOnlyRoleId = await vendorRoleId(s, 'ReadOnly');
  const keys = ['fe.secure.read.audits', 'fe.secure.read.users', 'fe.secure.read.groups'];
  for (const row of await s.db.select().from(permissions).where(inArray(permissions.key, keys)))
    permissionIds[row.key] = row.id;
  const certificate = await idpCertificate();
  servedMetadata = idpMetadataXml({
    entityId: 'urn:idp:audit',
    ssoUrl: 'https://idp.audit.test/sso',
    certificate,
  });
  domain = uniqueDomain('audited');
});

const idOf = (key: string) => () => {
  const id = ids[key];
  if (!id) throw new Error(`no ${key} yet`);
  return id;
};
const keepId =
  (key: string, field = 'id') =>
  (response: LightMyRequestResponse) => {
    ids[key] = response.json<Record<string, string>>()[field] ?? '';
  };

const adminWrites: AdminWrite[] = [
  // Groups
  {
    method: 'POST',
    url: () => `${API}/groups/v1`,
    body: () => ({ name: 'Auditors', description: 'first' }),
    status: 201,
    action: 'Group created',
    change: () => ({ created: { name: 'Auditors', description: 'first' } }),
    keep: keepId('group'),
  },
  {
    method: 'PATCH',
    url: () => `${API}/groups/v1/${idOf('group')()}`,
    body: () => ({ description: 'second' }),
    action: 'Group updated',
    change: () => ({ field: 'description', from: 'first', to: 'second' }),
  },
  {
    method: 'POST',
    url: () => `${API}/groups/v1/${idOf('group')()}/roles`,
    body: () => ({ roleIds: [readOnlyRoleId] }),
    action: 'Roles added to group',
    change: () => ({ field: 'roleIds', from: [], to: [readOnlyRoleId] }),
  },
  {
    method: 'DELETE',
    url: () => `${API}/groups/v1/${idOf('group')()}/roles`,
    body: () => ({ roleIds: [readOnlyRoleId] }),
    action: 'Roles removed from group',
    change: () => ({ field: 'roleIds', from: [readOnlyRoleId], to: [] }),
  },
  {
    method: 'POST',
    url: () => `${API}/groups/v1/${idOf('group')()}/users`,
    body: () => ({ userIds: [target.id] }),
    action: 'Users added to group',
    change: () => ({ field: 'userIds', from: [], to: [target.id] }),
  },
  {
    method: 'DELETE',
    url: () => `${API}/groups/v1/${idOf('group')()}/users`,
    body: () => ({ userIds: [target.id] }),
    action: 'Users removed from group',
    change: () => ({ field: 'userIds', from: [target.id], to: [] }),
  },
  {
    method: 'POST',
    url: () => `${API}/groups/v1/config`,
    body: () => ({ rolesEnabled: false }),
    status: 201,
    action: 'Groups configuration updated',
    change: () => ({ field: 'rolesEnabled', from: true, to: false }),
  },
  {
    method: 'DELETE',
    url: () => `${API}/groups/v1/${idOf('group')()}`,
    action: 'Group deleted',
    change: () => ({ deleted: { name: 'Auditors', description: 'second' } }),
  },
  // Roles and permissions
  {
    method: 'POST',
    url: () => `${API}/roles/v1`,
    body: () => ({
      key: 'auditor',
      name: 'Auditor',
      description: 'd1',
      permissions: [permissionIds['fe.secure.read.audits']],
    }),
    status: 201,
    action: 'Role created',
    change: () => ({ created: { key: 'auditor', name: 'Auditor', permissions: ['fe.secure.read.audits'] } }),
    keep: keepId('role'),
  },
  {
    method: 'POST',
    url: () => `${API}/roles/v2`,
    body: () => ({ key: 'auditor-two', name: 'Auditor two' }),
    action: 'Role created',
    change: () => ({ created: { key: 'auditor-two', name: 'Auditor two' } }),
  },
  {
    method: 'PATCH',
    url: () => `${API}/roles/v1/${idOf('role')()}`,
    body: () => ({ description: 'd2' }),
    action: 'Role updated',
    change: () => ({ field: 'description', from: 'd1', to: 'd2' }),
  },
  {
    method: 'PUT',
    url: () => `${API}/roles/v1/${idOf('role')()}/permissions`,
    body: () => ({
      permissionIds: [permissionIds['fe.secure.read.audits'], permissionIds['fe.secure.read.users']],
    }),
    action: 'Role permissions updated',
    change: () => ({
      field: 'permissionIds',
      from: [permissionIds['fe.secure.read.audits']],
      to: [permissionIds['fe.secure.read.audits'], permissionIds['fe.secure.read.users']].sort(),
    }),
  },
  {
    method: 'PUT',
    url: () => `${API}/permissions/v1/${permissionIds['fe.secure.read.groups']}/roles`,
    body: () => ({ roleIds: [idOf('role')()] }),
    action: 'Permission assigned to roles',
    change: () => ({ field: 'roleIds', from: [], to: [idOf('role')()] }),
  },
  {
    method: 'DELETE',
    url: () => `${API}/roles/v1/${idOf('role')()}`,
    action: 'Role deleted',
    change: () => ({ deleted: { key: 'auditor', description: 'd2' } }),
  },
  // API tokens: the secret is answered once and never logged.
  {
    method: 'POST',
    url: () => `${API}/tenants/api-tokens/v1`,
    body: () => ({ description: 'ci', roleIds: [readOnlyRoleId] }),
    status: 201,
    action: 'API token created',
    change: () => ({ created: { description: 'ci', roleIds: [readOnlyRoleId] } }),
    keep: keepId('tenantToken', 'clientId'),
    secrets: (response) => [response.json<{ secret: string }>().secret],
  },
  {
    method: 'PATCH',
    url: () => `${API}/tenants/api-tokens/v1/${idOf('tenantToken')()}`,
    body: () => ({ description: 'ci two' }),
    action: 'API token updated',
    change: () => ({ field: 'description', from: 'ci', to: 'ci two' }),
  },
  {
    method: 'DELETE',
    url: () => `${API}/tenants/api-tokens/v1/${idOf('tenantToken')()}`,
    action: 'API token deleted',
    change: () => ({ deleted: { description: 'ci two' } }),
  },
  {
    method: 'POST',
    url: () => `${API}/tenants/api-tokens/v2`,
    body: () => ({ description: 'ci v2' }),
    status: 201,
    action: 'API token created',
    change: () => ({ created: { description: 'ci v2' } }),
    secrets: (response) => [response.json<{ secret: string }>().secret],
  },
  {
    method: 'POST',
    url: () => `${API}/users/api-tokens/v1`,
    body: () => ({ description: 'mine' }),
    status: 201,
    action: 'API token created',
    change: () => ({ created: { description: 'mine' } }),
    keep: keepId('personalToken', 'clientId'),
    secrets: (response) => [response.json<{ secret: string }>().secret],
  },
  {
    method: 'PATCH',
    url: () => `${API}/users/api-tokens/v1/${idOf('personalToken')()}`,
    body: () => ({ description: 'still mine' }),
    action: 'API token updated',
    change: () => ({ field: 'description', from: 'mine', to: 'still mine' }),
  },
  {
    method: 'DELETE',
    url: () => `${API}/users/api-tokens/v1/${idOf('personalToken')()}`,
    action: 'API token deleted',
    change: () => ({ deleted: { description: 'still mine' } }),
  },
  {
    method: 'POST',
    url: () => `${API}/users/access-tokens/v1`,
    body: () => ({ description: 'my access token', expiresInMinutes: 60 }),
    status: 201,
    action: 'API token created',
    change: () => ({ created: { description: 'my access token' } }),
    keep: keepId('personalAccessToken'),
    secrets: (response) => [response.json<{ secret: string }>().secret],
  },
  {
    method: 'DELETE',
    url: () => `${API}/users/access-tokens/v1/${idOf('personalAccessToken')()}`,
    action: 'API token deleted',
    change: () => ({ deleted: { description: 'my access token' } }),
  },
  {
    method: 'POST',
    url: () => `${API}/tenants/access-tokens/v1`,
    body: () => ({ description: 'tenant access token' }),
    status: 201,
    action: 'API token created',
    change: () => ({ created: { description: 'tenant access token' } }),
    keep: keepId('tenantAccessToken'),
    secrets: (response) => [response.json<{ secret: string }>().secret],
  },
  {
    method: 'DELETE',
    url: () => `${API}/tenants/access-tokens/v1/${idOf('tenantAccessToken')()}`,
    action: 'API token deleted',
    change: () => ({ deleted: { description: 'tenant access token' } }),
  },
  // Security: sessions, IP and email-domain restrictions, password and MFA policies, the security center
  {
    method: 'POST',
    url: () => `${SECURITY}/sessions/v1`,
    body: () => ({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 7200 } }),
    action: 'Session policy updated',
    change: () => ({
      field: 'sessionIdleTimeoutConfiguration',
      from: { isActive: false, timeout: 1800 },
      to: { isActive: true, timeout: 7200 },
    }),
  },
  {
    method: 'PUT',
    url: () => `${SECURITY}/sessions/v1`,
    body: () => ({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 3600 } }),
    action: 'Session policy updated',
    change: () => ({
      field: 'sessionIdleTimeoutConfiguration',
      from: { isActive: true, timeout: 7200 },
      to: { isActive: true, timeout: 3600 },
    }),
  },
  {
    method: 'POST',
    url: () => `${SECURITY}/v1/restrictions/ip`,
    body: () => ({ ip: '198.51.100.7', strategy: 'BLOCK', description: 'scanner' }),
    action: 'IP restriction saved',
    change: () => ({ created: { ip: '198.51.100.7', strategy: 'BLOCK', description: 'scanner' } }),
    keep: keepId('ip'),
  },
  {
    method: 'POST',
    url: () => `${SECURITY}/v1/restrictions/ip`,
    body: () => ({ ip: '198.51.100.7', strategy: 'BLOCK', description: 'known scanner' }),
    action: 'IP restriction saved',
    change: () => ({ field: 'description', from: 'scanner', to: 'known scanner' }),
  },
  {
    method: 'POST',
    url: () => `${SECURITY}/v1/restrictions/ip/bulk`,
    body: () => ({ ips: [{ ip: '198.51.100.8', strategy: 'BLOCK' }] }),
    action: 'IP restriction saved',
    change: () => ({ created: { ip: '198.51.100.8', strategy: 'BLOCK' } }),
  },
  {
    method: 'POST',
    url: () => `${SECURITY}/v1/restrictions/ip/config`,
    body: () => ({ isActive: true, strategy: 'BLOCK' }),
    action: 'IP restrictions configuration updated',
    change: () => ({ field: 'isActive', from: false, to: true }),
  },
  {
    method: 'DELETE',
    url: () => `${SECURITY}/v1/restrictions/ip/${idOf('ip')()}`,
    action: 'IP restriction deleted',
    change: () => ({ deleted: { ip: '198.51.100.7', description: 'known scanner' } }),
  },
  {
    method: 'POST',
    url: () => `${SECURITY}/restrictions/v1/email-domain`,
    body: () => ({ domain: 'blocked.example', type: 'BLOCK' }),
    action: 'Email domain restriction saved',
    change: () => ({ created: { domain: 'blocked.example', type: 'BLOCK' } }),
    keep: keepId('emailDomain'),
  },
  {
    method: 'POST',
    url: () => `${SECURITY}/restrictions/v1/email-domain/config`,
    body: () => ({ active: true, type: 'BLOCK' }),
    action: 'Email domain restrictions configuration updated',
    change: () => ({ field: 'listType', from: 'ALLOW', to: 'BLOCK' }),
  },
  {
    method: 'DELETE',
    url: () => `${SECURITY}/restrictions/v1/email-domain/${idOf('emailDomain')()}`,
    action: 'Email domain restriction deleted',
    change: () => ({ deleted: { domain: 'blocked.example' } }),
  },
  {
    method: 'POST',
    url: () => `${SECURITY}/v1/lockout-policy`,
    body: () => ({ enabled: true, maxAttempts: 10 }),
    action: 'Security policy updated',
    change: () => ({ field: 'lockoutMaxAttempts', from: 5, to: 10 }),
  },
  {
    method: 'PATCH',
    url: () => `${SECURITY}/v1/password-history-policy`,
    body: () => ({ enabled: true, historySize: 3 }),
    action: 'Security policy updated',
    change: () => ({ field: 'historySize', from: 1, to: 3 }),
  },
  {
    method: 'POST',
    url: () => `${SECURITY}/v1/password-rotation`,
    body: () => ({ isActive: false, rotationPeriod: 200_000, notificationPeriod: 10_080 }),
    action: 'Security policy updated',
    change: () => ({ field: 'rotationPeriodMinutes', from: 129_600, to: 200_000 }),
  },
  {
    method: 'POST',
    url: () => `${SECURITY}/v1/mfa-policy`,
    body: () => ({ allowRememberMyDevice: false }),
    action: 'MFA policy updated',
    change: () => ({ field: 'allowRememberMyDevice', from: true, to: false }),
  },
  {
    method: 'PUT',
    url: () => `${SECURITY}/v1/mfa-policy`,
    body: () => ({ mfaDeviceExpiration: 3600 }),
    action: 'MFA policy updated',
    change: () => ({ field: 'mfaDeviceExpiration', from: 14 * 24 * 3600, to: 3600 }),
  },
  {
    method: 'PATCH',
    url: () => `${SECURITY}/v1/mfa-policy`,
    body: () => ({ allowRememberMyDevice: true }),
    action: 'MFA policy updated',
    change: () => ({ field: 'allowRememberMyDevice', from: false, to: true }),
  },
  {
    method: 'POST',
    url: () => `${API}/users/v1/passwords/breached/reset/bulk`,
    action: 'Breached password reset emails sent',
  },
  // Account settings and the custom login box
  {
    method: 'PUT',
    url: () => '/frontegg/tenants/resources/account-settings/v1',
    body: () => ({ timezone: 'Europe/Paris' }),
    action: 'Account settings updated',
    change: () => ({ field: 'timezone', from: null, to: 'Europe/Paris' }),
  },
  {
    method: 'POST',
    url: () => '/frontegg/metadata/admin-box',
    body: () => ({ actions: [{ type: 'loginBox/palette/primary/main', payload: '#2f9e44' }] }),
    action: 'Custom login box updated',
    change: () => ({ field: 'loginBox/palette/primary/main', from: null, to: '#2f9e44' }),
  },
  // Users: roles, enable and disable, lock, temporary access, sessions, activation mail, invite link
  {
    method: 'PUT',
    url: () => '/frontegg/team/resources/members/v1',
    body: () => ({ id: target.id, roleIds: [readOnlyRoleId] }),
    action: 'User roles updated',
    change: () => ({ field: 'roleIds', from: [], to: [readOnlyRoleId] }),
  },
  {
    method: 'POST',
    url: () => `${API}/tenants/users/v1/${target.id}/disable`,
    action: 'User disabled in the account',
    change: () => ({ field: 'isDisabled', from: false, to: true }),
  },
  {
    method: 'POST',
    url: () => `${API}/tenants/users/v1/${target.id}/enable`,
    action: 'User enabled in the account',
    change: () => ({ field: 'isDisabled', from: true, to: false }),
  },
  {
    method: 'POST',
    url: () => `${API}/users/v1/${target.id}/lock`,
    action: 'User locked by an administrator',
    change: () => ({ field: 'isLocked', from: false, to: true }),
  },
  {
    method: 'POST',
    url: () => `${API}/users/v1/${target.id}/unlock`,
    action: 'User unlocked by an administrator',
    change: () => ({ field: 'isLocked', from: true, to: false }),
  },
  {
    method: 'PUT',
    url: () => `${API}/users/temporary/v1/${target.id}`,
    body: () => ({ expirationInSeconds: 86_400 }),
    action: 'Temporary user expiration set',
    change: () => ({ field: 'temporaryExpirationDate', from: null, to: expect.any(String) }),
  },
  {
    method: 'DELETE',
    url: () => `${API}/users/temporary/v1/${target.id}`,
    action: 'Temporary user made permanent',
    change: () => ({ field: 'temporaryExpirationDate', from: expect.any(String), to: null }),
  },
  {
    method: 'POST',
    url: () => `${API}/users/sessions/v1/revoke`,
    body: () => ({ userId: target.id }),
    action: "User's sessions revoked by an administrator",
  },
  {
    method: 'POST',
    url: () => `/frontegg/team/resources/members/v1/${unverified.id}/resendActivationEmail`,
    action: 'Activation email resent by an administrator',
  },
  {
    method: 'POST',
    url: () => `${API}/tenants/invites/v1/user`,
    body: () => ({ expiresInMinutes: 60, shouldSendEmail: true }),
    status: 201,
    action: 'Invite link created',
    change: () => ({ created: { shouldSendEmail: true, token: MASKED } }),
    secrets: (response) => [response.json<{ token: string }>().token],
  },
  {
    method: 'PATCH',
    url: () => `${API}/tenants/invites/v1/user`,
    body: () => ({ shouldSendEmail: false }),
    action: 'Invite link updated',
    change: () => ({ field: 'shouldSendEmail', from: true, to: false }),
  },
  {
    method: 'DELETE',
    url: () => `${API}/tenants/invites/v1/user`,
    action: 'Invite link deleted',
    change: () => ({ deleted: { shouldSendEmail: false } }),
  },
  {
    method: 'POST',
    url: () => `${API}/tenants/invites/v2/user`,
    body: () => ({ roleIds: [readOnlyRoleId] }),
    status: 201,
    action: 'Invite link created',
    change: () => ({ created: { roleIds: [readOnlyRoleId] } }),
    secrets: (response) => [response.json<{ token: string }>().token],
  },
  {
    method: 'DELETE',
    url: () => `/frontegg/team/resources/members/v1/${target.id}`,
    action: 'User removed from the account',
    change: () => ({ deleted: { email: target.email } }),
  },
  // SSO: configurations (fields, uploaded metadata, a metadata URL), domains, roles, groups, policy, test
  {
    method: 'POST',
    url: () => SSO,
    body: () => ({
      type: 'okta',
      enabled: true,
      ssoEndpoint: 'https://idp.audit.test/one',
      signRequest: false,
    }),
    status: 201,
    action: 'SSO configuration created',
    change: () => ({ created: { ssoEndpoint: 'https://idp.audit.test/one', type: 'okta' } }),
    keep: keepId('sso'),
  },
  {
    method: 'PATCH',
    url: () => `${SSO}/${idOf('sso')()}`,
    body: () => ({ ssoEndpoint: 'https://idp.audit.test/two' }),
    action: 'SSO configuration updated',
    change: () => ({
      field: 'ssoEndpoint',
      from: 'https://idp.audit.test/one',
      to: 'https://idp.audit.test/two',
    }),
  },
  {
    method: 'PATCH',
    url: () => `${SSO}/${idOf('sso')()}`,
    body: () => ({ oidcClientId: 'audit-client', oidcSecret: 'oidc-client-secret-not-for-logs' }),
    action: 'SSO configuration updated',
    change: () => ({ field: 'oidcClientSecret', from: null, to: MASKED }),
    secrets: () => ['oidc-client-secret-not-for-logs'],
  },
  {
    method: 'PUT',
    url: () => `${SSO}/${idOf('sso')()}/metadata`,
    body: () => ({ metadata: servedMetadata }),
    action: 'SSO configuration updated',
    change: () => ({ field: 'idpEntityId', from: null, to: 'urn:idp:audit' }),
  },
  {
    method: 'POST',
    url: () => `${SSO}/metadata`,
    body: () => ({ metadata: servedMetadata }),
    status: 201,
    action: 'SSO configuration created',
    change: () => ({ created: { idpEntityId: 'urn:idp:audit' } }),
    keep: keepId('ssoByMetadata'),
  },
  {
    method: 'DELETE',
    url: () => `${SSO}/${idOf('ssoByMetadata')()}`,
    action: 'SSO configuration deleted',
    change: () => ({ deleted: { idpEntityId: 'urn:idp:audit' } }),
  },
  {
    method: 'POST',
    url: () => `${SSO}/metadata-url`,
    body: () => ({ url: metadataUrl }),
    status: 201,
    action: 'SSO configuration created',
    change: () => ({ created: { metadataUrl, ssoEndpoint: 'https://idp.audit.test/sso' } }),
    keep: keepId('ssoByUrl'),
  },
  {
    method: 'PUT',
    url: () => `${SSO}/${idOf('sso')()}/metadata-url`,
    body: () => ({ url: metadataUrl }),
    action: 'SSO configuration updated',
    change: () => ({ field: 'metadataUrl', from: null, to: metadataUrl }),
  },
  {
    method: 'POST',
    url: () => `${SSO}/${idOf('ssoByUrl')()}/metadata-url/refresh`,
    // The IdP has moved its sign-in address since the connection read its metadata.
    setup: () => {
      servedMetadata = servedMetadata.replace('https://idp.audit.test/sso', 'https://idp.audit.test/moved');
    },
    action: 'SSO configuration updated',
    change: () => ({
      field: 'ssoEndpoint',
      from: 'https://idp.audit.test/sso',
      to: 'https://idp.audit.test/moved',
    }),
  },
  {
    method: 'POST',
    url: () => `${SSO}/${idOf('sso')()}/domains`,
    body: () => ({ domain }),
    status: 201,
    action: 'SSO domain added',
    change: () => ({ created: { domain, validated: false } }),
    keep: (response) => {
      keepId('ssoDomain')(response);
      txtRecord = response.json<{ txtRecord: string }>().txtRecord;
      dns.setTxt(domain, [txtRecord]);
    },
  },
  {
    method: 'PUT',
    url: () => `${SSO}/${idOf('sso')()}/domains/${idOf('ssoDomain')()}/validate`,
    action: 'SSO domain validated',
    change: () => ({ field: 'validated', from: false, to: true }),
  },
  {
    method: 'PUT',
    url: () => `${SSO}/${idOf('sso')()}/roles`,
    body: () => ({ roleIds: [readOnlyRoleId] }),
    action: 'SSO default roles updated',
    change: () => ({ field: 'roleIds', from: [], to: [readOnlyRoleId] }),
  },
  {
    method: 'POST',
    url: () => `${SSO}/${idOf('sso')()}/groups`,
    body: () => ({ group: 'engineering', roleIds: [] }),
    status: 201,
    action: 'SSO group saved',
    change: () => ({ created: { group: 'engineering', roleIds: [] } }),
    keep: keepId('ssoGroup'),
  },
  {
    method: 'PATCH',
    url: () => `${SSO}/${idOf('sso')()}/groups/${idOf('ssoGroup')()}`,
    body: () => ({ roleIds: [readOnlyRoleId] }),
    action: 'SSO group saved',
    change: () => ({ field: 'roleIds', from: [], to: [readOnlyRoleId] }),
  },
  {
    method: 'DELETE',
    url: () => `${SSO}/${idOf('sso')()}/groups/${idOf('ssoGroup')()}`,
    action: 'SSO group deleted',
    change: () => ({ deleted: { group: 'engineering' } }),
  },
  {
    method: 'PUT',
    url: () => `${SSO}/policy`,
    body: () => ({ enforced: false, excludedEmails: ['break-glass@acme-foods.test'] }),
    action: 'SSO policy updated',
    change: () => ({ field: 'excludedEmails', from: [], to: ['break-glass@acme-foods.test'] }),
  },
  {
    method: 'POST',
    url: () => `${SSO}/excluded-emails`,
    body: () => ({ email: 'ops@acme-foods.test' }),
    status: 201,
    action: 'SSO policy updated',
    change: () => ({
      field: 'excludedEmails',
      from: ['break-glass@acme-foods.test'],
      to: ['break-glass@acme-foods.test', 'ops@acme-foods.test'],
    }),
  },
  {
    method: 'DELETE',
    url: () => `${SSO}/excluded-emails/ops@acme-foods.test`,
    action: 'SSO policy updated',
    change: () => ({
      field: 'excludedEmails',
      from: ['break-glass@acme-foods.test', 'ops@acme-foods.test'],
      to: ['break-glass@acme-foods.test'],
    }),
  },
  {
    method: 'POST',
    url: () => `${SSO}/${idOf('sso')()}/test`,
    action: 'SSO configuration test started',
  },
  {
    method: 'DELETE',
    url: () => `${SSO}/${idOf('ssoByUrl')()}`,
    action: 'SSO configuration deleted',
    change: () => ({ deleted: { metadataUrl, ssoEndpoint: 'https://idp.audit.test/moved' } }),
  },
  // The SDK's first SSO screens: the tenant's first connection (the one left).
  {
    method: 'POST',
    url: () => '/frontegg/team/resources/sso/v1/saml/configurations',
    body: () => ({ signRequest: true }),
    action: 'SSO configuration updated',
    change: () => ({ field: 'signRequest', from: false, to: true }),
  },
  {
    method: 'POST',
    url: () => '/frontegg/team/resources/sso/v1/saml/configurations/roles/default',
    body: () => ({ roleIds: [] }),
    action: 'SSO default roles updated',
    change: () => ({ field: 'roleIds', from: [readOnlyRoleId], to: [] }),
  },
  {
    method: 'POST',
    url: () => '/frontegg/team/resources/sso/v2/saml/configurations/groups',
    body: () => ({ group: 'finance', roleIds: [] }),
    status: 201,
    action: 'SSO group saved',
    change: () => ({ created: { group: 'finance' } }),
    keep: keepId('samlGroup'),
  },
  {
    method: 'PATCH',
    url: () => `/frontegg/team/resources/sso/v2/saml/configurations/groups/${idOf('samlGroup')()}`,
    body: () => ({ group: 'finance-eu' }),
    action: 'SSO group saved',
    change: () => ({ field: 'group', from: 'finance', to: 'finance-eu' }),
  },
  {
    method: 'DELETE',
    url: () => `/frontegg/team/resources/sso/v2/saml/configurations/groups/${idOf('samlGroup')()}`,
    action: 'SSO group deleted',
    change: () => ({ deleted: { group: 'finance-eu' } }),
  },
  {
    method: 'DELETE',
    url: () => `${SSO}/${idOf('sso')()}/domains/${idOf('ssoDomain')()}`,
    action: 'SSO domain deleted',
    change: () => ({ deleted: { domain, validated: true } }),
  },
  {
    method: 'DELETE',
    url: () => `${SSO}/${idOf('sso')()}`,
    action: 'SSO configuration deleted',
    change: () => ({ deleted: { ssoEndpoint: 'https://idp.audit.test/sso', oidcClientSecret: MASKED } }),
  },
  // Provisioning (SCIM directories): the bearer token is answered once and never logged.
  {
    method: 'POST',
    url: () => SCIM,
    body: () => ({ source: 'okta', connectionName: 'Okta' }),
    status: 201,
    action: 'SCIM directory created',
    change: () => ({ created: { connectionName: 'Okta', source: 'okta' } }),
    keep: keepId('scim'),
    secrets: (response) => [response.json<{ token: string }>().token],
  },
  {
    method: 'PATCH',
    url: () => `${SCIM}/${idOf('scim')()}`,
    body: () => ({ connectionName: 'Okta EU' }),
    action: 'SCIM directory updated',
    change: () => ({ field: 'connectionName', from: 'Okta', to: 'Okta EU' }),
  },
  {
    method: 'POST',
    url: () => `${SCIM}/${idOf('scim')()}/token`,
    status: 201,
    action: 'SCIM directory token rotated',
    change: () => ({ field: 'token', from: MASKED, to: MASKED }),
    secrets: (response) => [response.json<{ token: string }>().token],
  },
  {
    method: 'DELETE',
    url: () => `${SCIM}/${idOf('scim')()}`,
    action: 'SCIM directory deleted',
    change: () => ({ deleted: { connectionName: 'Okta EU' } }),
  },
  // The vendor's settings (a superuser): sign-up, sign-in methods, captcha, MFA, social login, portal.
  {
    vendor: true,
    method: 'POST',
    url: () => `${SECURITY}/v1/captcha-policy`,
    body: () => ({
      enabled: false,
      siteKey: 'site-key',
      secretKey: 'captcha-secret-not-for-logs',
      minScore: 0.7,
    }),
    action: 'Captcha policy changed',
    change: () => ({ field: 'secretKey', from: null, to: MASKED }),
    secrets: () => ['captcha-secret-not-for-logs'],
  },
  {
    vendor: true,
    method: 'PUT',
    url: () => `${SECURITY}/v1/sign-up/activation`,
    body: () => ({ activationMethod: 'code' }),
    action: 'Account activation method changed',
    change: () => ({ field: 'activationMethod', from: 'link', to: 'code' }),
  },
  {
    vendor: true,
    method: 'PUT',
    url: () => `${SECURITY}/v1/sign-up/activation`,
    body: () => ({ activationMethod: 'link' }),
    action: 'Account activation method changed',
    change: () => ({ field: 'activationMethod', from: 'code', to: 'link' }),
  },
  {
    vendor: true,
    method: 'POST',
    url: () => `${SECURITY}/v1/sign-up/strategies`,
    body: () => [{ strategy: 'username', isActive: true, isRequired: false }],
    action: 'Sign-up strategies changed',
    change: () => ({ field: 'signUpStrategies', from: expect.any(Array), to: expect.any(Array) }),
  },
  {
    vendor: true,
    method: 'PUT',
    url: () => `${SECURITY}/v1/auth/strategies`,
    body: () => ({ secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }] }),
    action: 'Authentication strategies changed',
    change: () => ({
      field: 'secondaryAuthStrategies',
      from: expect.any(Array),
      to: [{ strategy: 'Passkeys', isActive: true }],
    }),
  },
  {
    vendor: true,
    method: 'POST',
    url: () => `${SECURITY}/v1/password-recovery/strategies`,
    body: () => [{ strategy: 'sms', isActive: true }],
    action: 'Security policy updated',
    change: () => ({ field: 'recoveryBySms', from: false, to: true }),
  },
  {
    vendor: true,
    method: 'POST',
    url: () => `${SECURITY}/v1/mfa/strategies`,
    body: () => ({ strategy: 'SMS', isActive: false }),
    action: 'MFA strategy changed',
    change: () => ({ field: 'isActive', from: true, to: false }),
  },
  {
    vendor: true,
    method: 'POST',
    url: () => `${API}/sso/v1`,
    body: () => ({
      type: 'github',
      clientId: 'audit-github',
      secret: 'github-secret-not-for-logs',
      active: true,
    }),
    action: 'Social login configuration updated',
    change: () => ({ created: { clientId: 'audit-github', clientSecret: MASKED, active: true } }),
    secrets: () => ['github-secret-not-for-logs'],
  },
  {
    vendor: true,
    method: 'PATCH',
    url: () => `${API}/sso/v1/github`,
    body: () => ({ clientId: 'audit-github-2', active: true }),
    action: 'Social login configuration updated',
    change: () => ({ field: 'clientId', from: 'audit-github', to: 'audit-github-2' }),
  },
  {
    vendor: true,
    method: 'DELETE',
    url: () => `${API}/sso/v1/github`,
    action: 'Social login configuration deleted',
    change: () => ({ deleted: { clientId: 'audit-github-2', clientSecret: MASKED } }),
  },
  {
    vendor: true,
    method: 'PUT',
    url: () => '/frontegg/metadata?entityName=adminBox',
    body: () => ({ configuration: { navigation: { usage: { visibility: 'hidden' } } } }),
    action: 'Admin portal configuration updated',
    change: () => ({ field: 'navigation', from: null, to: { usage: { visibility: 'hidden' } } }),
  },
  // Issue 15: applications (the console's, and an account's users assigned to them).
  {
    vendor: true,
    method: 'POST',
    url: () => '/frontegg/applications/resources/vendor-applications/v1',
    body: () => ({ name: 'Audit coverage app', appURL: 'https://audit.brizo.test' }),
    status: 201,
    action: 'Application created',
    change: () => ({ created: { name: 'Audit coverage app', accessType: 'MANAGED_ACCESS' } }),
    keep: keepId('app'),
  },
  {
    vendor: true,
    method: 'PATCH',
    url: () => `/frontegg/applications/resources/vendor-applications/v1/${idOf('app')()}`,
    body: () => ({ description: 'Audited' }),
    action: 'Application updated',
    change: () => ({ field: 'description', from: '', to: 'Audited' }),
  },
  {
    vendor: true,
    method: 'PUT',
    url: () =>
      `/frontegg/applications/resources/vendor-applications/v1/${idOf('app')()}/tenants/${team.tenant.id}`,
    body: () => ({}),
    action: 'Application assigned to account',
  },
  {
    method: 'POST',
    url: () => `${API}/applications/v1/apps-user`,
    body: () => ({ userId: team.member.user.id, tenantId: team.tenant.id, appIds: [idOf('app')()] }),
    status: 201,
    action: 'User assigned to applications',
  },
  {
    method: 'DELETE',
    url: () => `${API}/applications/v1/user-apps`,
    body: () => ({ userId: team.member.user.id, tenantId: team.tenant.id, appIds: [idOf('app')()] }),
    action: 'User unassigned from applications',
  },
  {
    vendor: true,
    method: 'DELETE',
    url: () =>
      `/frontegg/applications/resources/vendor-applications/v1/${idOf('app')()}/tenants/${team.tenant.id}`,
    action: 'Application unassigned from account',
  },
  {
    vendor: true,
    method: 'DELETE',
    url: () => `/frontegg/applications/resources/vendor-applications/v1/${idOf('app')()}`,
    action: 'Application deleted',
    change: () => ({ deleted: { name: 'Audit coverage app', description: 'Audited' } }),
  },
  // Issue 15: the superuser console's plans, entitlements and feature flags.
  {
    vendor: true,
    method: 'POST',
    url: () => `${ENTITLEMENTS}/plans/v1`,
    body: () => ({ name: 'Audit coverage plan' }),
    status: 201,
    action: 'Plan created',
    change: () => ({ created: { name: 'Audit coverage plan', defaultTreatment: 'false' } }),
    keep: keepId('plan'),
  },
  {
    vendor: true,
    method: 'PATCH',
    url: () => `${ENTITLEMENTS}/plans/v1/${idOf('plan')()}`,
    body: () => ({ description: 'Everything' }),
    action: 'Plan updated',
    change: () => ({ field: 'description', from: '', to: 'Everything' }),
  },
  {
    vendor: true,
    method: 'POST',
    url: () => `${ENTITLEMENTS}/entitlements/v1`,
    body: () => ({ tenantId: team.tenant.id, planId: idOf('plan')() }),
    status: 201,
    action: 'Entitlement granted',
    change: () => ({ created: { tenantId: team.tenant.id, planId: idOf('plan')(), expiresAt: null } }),
  },
  {
    vendor: true,
    method: 'DELETE',
    url: () => `${ENTITLEMENTS}/plans/v1/${idOf('plan')()}`,
    action: 'Plan deleted',
    change: () => ({ deleted: { name: 'Audit coverage plan', description: 'Everything' } }),
  },
  {
    vendor: true,
    method: 'PATCH',
    url: () => '/frontegg/flags/resources/v1/multi-apps-admin-portal',
    body: () => ({ description: 'Audited' }),
    action: 'Feature flag updated',
    change: () => ({ field: 'description', from: 'Applications in the admin portal', to: 'Audited' }),
  },
  // Issue 15: subscription and billing (the development payment provider's card form).
  {
    method: 'POST',
    url: () => `${BILLING}/payment-providers/stripe/setup-intents/v1`,
    body: () => ({}),
    status: 201,
    action: 'Billing customer created',
    change: () => ({ created: { provider: 'development' } }),
    keep: keepId('setupIntentSecret', 'setupIntentSecret'),
    secrets: (response) => [response.json<{ setupIntentSecret: string }>().setupIntentSecret],
  },
  {
    method: 'POST',
    url: () => `${BILLING}/payment-providers/development/confirmations/v1`,
    body: () => ({
      setupIntentSecret: idOf('setupIntentSecret')(),
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
      name: 'Audit Coverage',
    }),
    status: 201,
    action: 'Payment method added',
    change: () => ({ created: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099 } }),
    keep: keepId('paymentMethod'),
    secrets: () => ['4242424242424242', idOf('setupIntentSecret')()],
  },
  {
    method: 'POST',
    url: () => `${BILLING}/payment-providers/stripe/subscriptions/v1`,
    body: () => ({ stripePlanId: 'premium' }),
    status: 201,
    action: 'Subscription plan changed',
    change: () => ({ field: 'plan', from: 'free', to: 'premium' }),
    keep: keepId('subscription', 'subscriptionId'),
  },
  {
    method: 'PUT',
    url: () => `${BILLING}/subscriptions/v1/${idOf('subscription')()}/cancellations/`,
    body: () => ({}),
    action: 'Subscription canceled',
    change: () => ({ field: 'cancellation', from: null, to: 'atPeriodEnd' }),
  },
  {
    method: 'PUT',
    url: () => `${BILLING}/subscriptions/v1/${idOf('subscription')()}/renewals/`,
    body: () => ({}),
    action: 'Subscription renewed',
    change: () => ({ field: 'cancellation', from: 'atPeriodEnd', to: null }),
  },
  {
    method: 'PATCH',
    url: () => `${BILLING}/payment-methods/v1/${idOf('paymentMethod')()}/billing-details`,
    body: () => ({ email: 'billing@audit-coverage.test' }),
    action: 'Billing details updated',
    change: () => ({ field: 'email', from: team.admin.user.email, to: 'billing@audit-coverage.test' }),
  },
  // Issue 15: the superuser console approves an account under review, then extends its trial.
  {
    vendor: true,
    method: 'POST',
    url: () => '/frontegg/trial-console/resources/v1/approve',
    body: () => ({ userId: unverified.id }),
    action: 'Account approved',
    change: () => ({ field: 'roles', from: [], to: ['bfm-trial'] }),
  },
  {
    vendor: true,
    method: 'POST',
    url: () => '/frontegg/trial-console/resources/v1/extend-trial',
    body: () => ({ userId: unverified.id, days: 5 }),
    action: 'Trial extended',
    change: () => ({
      field: 'expiration',
      from: daysAhead(server().config.trialDays),
      to: daysAhead(server().config.trialDays + 5),
    }),
  },
  // Issue 15: the sub-account hierarchy, recorded in the acting administrator's account.
  {
    method: 'POST',
    url: () => '/frontegg/tenants/resources/sub-tenants/v1',
    body: () => ({ name: 'Audited branch' }),
    status: 201,
    action: 'Sub-account created',
    change: () => ({ created: { name: 'Audited branch', parentTenantId: team.tenant.id } }),
    keep: keepId('subAccount', 'tenantId'),
  },
  {
    method: 'PATCH',
    url: () => `/frontegg/tenants/resources/sub-tenants/v1/${idOf('subAccount')()}`,
    body: () => ({ name: 'Audited branch 2' }),
    action: 'Sub-account updated',
    change: () => ({ field: 'name', from: 'Audited branch', to: 'Audited branch 2' }),
  },
  {
    method: 'PUT',
    url: () => `/frontegg/tenants/resources/sub-tenants/v1/${idOf('subAccount')()}/management`,
    body: () => ({ isReseller: true }),
    action: 'Sub-account management changed',
    change: () => ({ field: 'isReseller', from: false, to: true }),
  },
  {
    method: 'PUT',
    url: () => `/frontegg/tenants/resources/sub-tenants/v1/${idOf('subAccount')()}/hierarchy-settings`,
    body: () => ({ subAccountAccessType: 'alwaysOn' }),
    action: 'Sub-account access type changed',
    change: () => ({ field: 'subAccountAccessType', from: 'defaultOff', to: 'alwaysOn' }),
  },
  {
    method: 'POST',
    url: () => `${API}/sub-tenants/users/v2/`,
    body: () => ({
      tenantId: idOf('subAccount')(),
      users: [{ email: 'branch-user@audit-coverage.test', name: 'Branch User' }],
      roleIds: [readOnlyRoleId],
    }),
    status: 201,
    action: 'Users added to sub-account',
    keep: (response) => {
      ids.subAccountUser = response.json<{ userIds: string[] }>().userIds[0] ?? '';
    },
  },
  {
    method: 'PATCH',
    url: () => `${API}/sub-tenants/users/v1/${idOf('subAccountUser')()}/roles`,
    body: () => ({ subTenantsRoles: [{ tenantId: idOf('subAccount')(), roleIds: [] }] }),
    action: 'Sub-account user roles updated',
    change: () => ({ field: 'roleIds', from: [readOnlyRoleId], to: [] }),
  },
  {
    method: 'PUT',
    url: () => `${API}/sub-tenants/users/v1/${idOf('subAccountUser')()}/access`,
    body: () => ({ allowAccess: true, tenantId: idOf('subAccount')() }),
    action: 'Sub-account access changed',
    change: () => ({ field: 'allowAccess', from: false, to: true }),
  },
  {
    method: 'DELETE',
    url: () => `${API}/sub-tenants/users/v1`,
    body: () => ({ userId: idOf('subAccountUser')(), subTenants: [{ tenantId: idOf('subAccount')() }] }),
    action: 'User removed from sub-account',
  },
  {
    method: 'DELETE',
    url: () => `/frontegg/tenants/resources/sub-tenants/v1/${idOf('subAccount')()}`,
    action: 'Sub-account deleted',
    change: () => ({ deleted: { name: 'Audited branch 2', parentTenantId: team.tenant.id } }),
  },
];

/** The date `days` after the test clock's today (YYYY-MM-DD). */
function daysAhead(days: number): string {
  return new Date(server().clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('issue 14: every admin change is audited once, with its actor and what it changed', () => {
  it.each(
    adminWrites.map((write, index) => [`#${index + 1} ${write.method} → ${write.action}`, write] as const),
  )('%s', async (_name, write) => {
    const actor = write.vendor ? vendor : team.admin;
    const tenantId = write.vendor ? await userTenant(vendor.user.id) : team.tenant.id;
    write.setup?.();
    const url = write.url();
    const body = write.body?.();

    // The change and its audit row are one transaction: when the row cannot be written, nothing is
    // kept (the call below then finds everything as it was, and its before shows it).
    await failAuditOf(write.action);
    expectErrorShape(await call(actor, write.method, url, body), 500);
    await auditWorksAgain();

    const { response, rows } = await added(tenantId, other.tenant.id, () =>
      call(actor, write.method, url, body),
    );
    expect(response.statusCode, response.body).toBe(write.status ?? 200);
    const recorded = rows.filter((row) => row.action === write.action);
    expect(recorded, JSON.stringify(rows.map((row) => row.action))).toHaveLength(1);
    // No action of one call recorded twice.
    const actions = rows.map((row) => row.action);
    expect(actions.filter((action, index) => actions.indexOf(action) !== index)).toEqual([]);
    const [row] = recorded;
    expect(row).toMatchObject({
      tenantId,
      userId: actor.user.id,
      email: actor.user.email,
      ip: ORIGIN.ip,
      userAgent: ORIGIN.userAgent,
    });
    const change = write.change?.();
    if (change) expectChange(row?.json ?? {}, change);
    const logged = JSON.stringify(row);
    for (const secret of write.secrets?.(response) ?? []) expect(logged).not.toContain(secret);
    write.keep?.(response);
  });
});

async function userTenant(userId: string): Promise<string> {
  const [row] = await server().db.select().from(users).where(eq(users.id, userId));
  if (!row?.activeTenantId) throw new Error('no active tenant');
  return row.activeTenantId;
}

/** Runs `act` and expects exactly one new row of `action` for the user, from ORIGIN. */
async function expectAudited(
  userId: string,
  action: string,
  act: () => Promise<LightMyRequestResponse>,
  status = 200,
) {
  const before = new Set((await rowsOfUser(userId, action)).map((row) => row.id));
  const response = await act();
  expect(response.statusCode, response.body).toBe(status);
  const rows = (await rowsOfUser(userId, action)).filter((row) => !before.has(row.id));
  expect(rows).toMatchObject([{ ip: ORIGIN.ip, userAgent: ORIGIN.userAgent }]);
  return { response, row: rows[0] };
}

/** The audit rows of one user with this action. */
const rowsOfUser = async (userId: string, action: string) =>
  server()
    .db.select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, action)));

describe('issue 14: sign-in and security flows are audited once, from where they happened', () => {
  const login = (email: string, password = TEST_PASSWORD) =>
    call(undefined, 'POST', `${API}/auth/v1/user`, { email, password });

  it('password sign-in and its failure, logout', async () => {
    const { user, tenant } = await createUser(server().db, server().passwords);
    const signedIn = await expectAudited(user.id, 'User logged in', () => login(user.email));
    expect(signedIn.row).toMatchObject({ email: user.email, tenantId: tenant.id });
    const failed = await expectAudited(
      user.id,
      'User failed to log in',
      () => login(user.email, 'Wrong-password-1!'),
      401,
    );
    expect(failed.row).toMatchObject({ email: user.email });
    const refreshToken = cookieValue(signedIn.response, COOKIE) ?? '';
    await expectAudited(user.id, 'User logged out', () =>
      server().app.inject({
        method: 'POST',
        url: `${API}/auth/v1/logout`,
        remoteAddress: ORIGIN.ip,
        headers: { 'user-agent': ORIGIN.userAgent },
        cookies: { [COOKIE]: refreshToken },
      }),
    );
  });

  it('MFA enrolment and removal, password change and its failure, a revoked session, the profile', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const me = { authorization: `Bearer ${await accessTokenOf(server(), user.email)}` };
    const now = () => server().clock.now();
    const { qrCode } = (await call(me, 'POST', `${API}/users/v1/mfa/authenticator/enroll`)).json<{
      qrCode: string;
    }>();
    const secret = secretOf(qrCode);
    await expectAudited(user.id, 'User enrolled MFA', () =>
      call(me, 'POST', `${API}/users/v1/mfa/authenticator/enroll/verify`, { token: totpCode(secret, now()) }),
    );
    server().clock.advanceSeconds(30);
    const devices = (await call(me, 'GET', `${API}/users/v1/mfa/devices`)).json<{
      authenticators: { id: string }[];
    }>();
    await expectAudited(user.id, 'User disabled MFA', () =>
      call(me, 'POST', `${API}/users/v1/mfa/authenticator/${devices.authenticators[0]?.id}/disable/verify`, {
        token: totpCode(secret, now()),
      }),
    );

    await expectAudited(
      user.id,
      'User failed to change password',
      () =>
        call(me, 'POST', `${API}/users/v1/passwords/change`, {
          password: 'Not-the-password-1!',
          newPassword: 'Another-Secret-77!',
        }),
      400,
    );
    const changed = await expectAudited(user.id, 'User changed password', () =>
      call(me, 'POST', `${API}/users/v1/passwords/change`, {
        password: TEST_PASSWORD,
        newPassword: 'Another-Secret-77!',
      }),
    );
    // Neither password reaches the log.
    expect(JSON.stringify(changed.row)).not.toContain('Another-Secret-77!');
    expect(JSON.stringify(changed.row)).not.toContain(TEST_PASSWORD);

    const session = {
      authorization: `Bearer ${await accessTokenOf(server(), user.email, 'Another-Secret-77!')}`,
    };
    const sessions = (await call(session, 'GET', `${API}/users/sessions/v1/me`)).json<
      { id: string; current: boolean }[]
    >();
    const otherSession = sessions.find((entry) => !entry.current);
    await expectAudited(user.id, 'User revoked session', () =>
      call(session, 'DELETE', `${API}/users/sessions/v1/me/${otherSession?.id}`),
    );

    const profile = await expectAudited(user.id, 'User updated profile', () =>
      call(session, 'PUT', `${API}/users/v2/me`, { name: 'Renamed User' }),
    );
    expectChange(profile.row?.json ?? {}, { field: 'name', from: 'Test User', to: 'Renamed User' });
  });

  it('an invitation sent, resent and accepted', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const invited = await expectAudited(user.id, 'User invited', () =>
      call(team.admin, 'POST', `${API}/users/v1`, { email: user.email }),
    );
    // The row is the invitee's; who invited them is in it.
    expect(invited.row).toMatchObject({ tenantId: team.tenant.id, email: user.email });
    expect(invited.row?.json).toMatchObject({ invitedBy: team.admin.user.id });
    await expectAudited(user.id, 'Invitation resent', () =>
      call(team.admin, 'POST', `${API}/users/v1/invitation/reset`, { email: user.email }),
    );
    const { userId, token } = await linkFromMail(server().db, user.email, '/account/invitation/accept');
    const accepted = await expectAudited(user.id, 'Invitation accepted', () =>
      call(undefined, 'POST', `${API}/users/v1/invitation/accept`, { userId, token }),
    );
    expect(accepted.row).toMatchObject({ tenantId: team.tenant.id });
  });

  it('a new person invited by an administrator of the Users section', async () => {
    const email = uniqueEmail('invited');
    const { rows } = await added(team.tenant.id, other.tenant.id, () =>
      call(team.admin, 'POST', `${API}/users/v2`, { email, name: 'Invited' }),
    );
    expect(rows.filter((row) => row.action === 'User invited')).toMatchObject([
      { email, ip: ORIGIN.ip, userAgent: ORIGIN.userAgent, json: { invitedBy: team.admin.user.id } },
    ]);
  });
});

describe('issue 14: passkeys and SCIM provisioning as they arrive', () => {
  it('a passkey added, used to sign in and deleted', async () => {
    const s = server();
    await setPasskeysStrategy(s, true);
    const { user } = await createUser(s.db, s.passwords);
    const me = { authorization: `Bearer ${await accessTokenOf(s, user.email)}` };
    const authenticator = new SoftwareAuthenticator('platform');
    const options = (await call(me, 'POST', DEVICES)).json<{
      options: Parameters<SoftwareAuthenticator['register']>[0];
    }>().options;
    const { json: credential } = authenticator.register(options, RP);
    const added = await expectAudited(user.id, 'User added a passkey', () =>
      call(me, 'POST', `${DEVICES}/verify`, {
        id: credential.id,
        response: credential.response,
        deviceType: 'Platform',
      }),
    );
    const device = added.response.json<{ id: string }>();
    const challenge = (await call(undefined, 'POST', `${API}/auth/v1/webauthn/prelogin`, {})).json<{
      options: { challenge: string };
    }>().options;
    const assertion = authenticator.assert(challenge, RP);
    await expectAudited(user.id, 'User logged in with a passkey', () =>
      call(undefined, 'POST', `${API}/auth/v1/webauthn/postlogin`, assertion),
    );
    await expectAudited(user.id, 'User deleted a passkey', () =>
      call(me, 'DELETE', `${DEVICES}/${device.id}`),
    );
  });

  it('a user provisioned and deprovisioned, a group provisioned: one row each', async () => {
    const created = await call(team.admin, 'POST', SCIM, { source: 'okta', connectionName: 'Okta flows' });
    const directory = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
    const email = uniqueEmail('scim');
    const provisioned = await added(team.tenant.id, other.tenant.id, () =>
      call(directory, 'POST', '/frontegg/scim/v2/Users', okta.createUser(email)),
    );
    expect(provisioned.response.statusCode, provisioned.response.body).toBe(201);
    expect(provisioned.rows.filter((row) => row.action === 'User provisioned by SCIM')).toMatchObject([
      { json: { userName: email }, ip: ORIGIN.ip, userAgent: ORIGIN.userAgent },
    ]);
    const scimId = provisioned.response.json<{ id: string }>().id;
    const deprovisioned = await added(team.tenant.id, other.tenant.id, () =>
      call(directory, 'PATCH', `/frontegg/scim/v2/Users/${scimId}`, okta.deactivate()),
    );
    expect(deprovisioned.response.statusCode, deprovisioned.response.body).toBe(200);
    // Once: the membership it disables through the team service is not a second row.
    expect(deprovisioned.rows.map((row) => row.action)).toEqual(['User deprovisioned by SCIM']);

    const group = await added(team.tenant.id, other.tenant.id, () =>
      call(directory, 'POST', '/frontegg/scim/v2/Groups', {
        ...okta.createGroup(`Directory group ${scimId.slice(0, 6)}`),
        members: [{ value: scimId }],
      }),
    );
    expect(group.response.statusCode, group.response.body).toBe(201);
    expect(group.rows.map((row) => row.action)).toEqual(['Group provisioned by SCIM']);
  });
});

describe('issue 14: one request, one row', () => {
  it("the SDK's first SAML save creates the connection with its fields: no creation then update", async () => {
    const fresh = await createTenantAdmins(server());
    const { response, rows } = await added(fresh.tenant.id, other.tenant.id, () =>
      call(fresh.admin, 'POST', '/frontegg/team/resources/sso/v1/saml/configurations', {
        enabled: true,
        ssoEndpoint: 'https://idp.first-save.test/sso',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(rows.map((row) => row.action)).toEqual(['SSO configuration created']);
    expect(rows[0]?.json).toMatchObject({
      before: null,
      after: { enabled: true, ssoEndpoint: 'https://idp.first-save.test/sso' },
    });
  });
});

describe('issue 14: a change that fails leaves no audit row', () => {
  it('an invitation whose username is taken (a unique key inside its transaction) records no "User invited"', async () => {
    const s = server();
    const { user: holder } = await createUser(s.db, s.passwords, { tenant: team.tenant });
    const taken = `taken-${holder.id.slice(0, 8)}`;
    const signedIn = { authorization: `Bearer ${await accessTokenOf(s, holder.email)}` };
    const claimed = await call(signedIn, 'POST', `${API}/usernames/v1`, { username: taken });
    expect(claimed.statusCode, claimed.body).toBeLessThan(300);
    const email = uniqueEmail('not-invited');
    const { response, rows } = await added(team.tenant.id, other.tenant.id, () =>
      call(team.admin, 'POST', `${API}/users/v2`, { email, username: taken }),
    );
    expectErrorShape(response, 409);
    expect(rows.map((row) => row.action)).toEqual([]);
    expect(await s.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
