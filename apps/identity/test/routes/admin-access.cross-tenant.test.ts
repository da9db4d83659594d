import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { listOutboxSms } from '../../src/db/queries/sms-outbox.js';
import { executeRows } from '../../src/db/rows.js';
import { as, createTenantAdmins, type TenantAdmins } from '../admin-support.js';
import { useTestServer, type TestServer } from '../harness.js';
import { accessTokenOf } from '../lifecycle-helpers.js';

// Issue 4, "a cross-tenant probe over every admin endpoint": tenant A's administrator calls every
// route of the API with tenant B's ids — in the path and in the body — and afterwards B's rows are
// exactly what they were (zero changes) and no answer A received names anything of B (zero leaks).
// The routes come from the server's own OpenAPI document, so a new endpoint is probed without
// anyone remembering to add it here.

const server = useTestServer();

interface Row {
  [column: string]: unknown;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Columns that tie a row to a tenant, a user or another row of B. */
const REFERENCE_COLUMNS = ['tenant_id', 'user_id', 'scope', 'group_id', 'role_id', 'family_id'];

/**
 * Every row that belongs to tenant B: rows naming B or one of its users, then rows naming those
 * rows (a group's roles, a session's tokens), until nothing new turns up. Comparable with toEqual.
 */
async function footprint(db: Db, tenantId: string, userIds: string[]): Promise<Record<string, Row[]>> {
  const columns = (await executeRows(
    db,
    sql.raw(`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name in (${REFERENCE_COLUMNS.map((c) => `'${c}'`).join(', ')})
        order by table_name, column_name`),
  )) as { table_name: string; column_name: string }[];
  const known = new Set([tenantId, ...userIds]);
  let result: Record<string, Row[]> = {};
  for (let size = 0; size !== known.size;) {
    size = known.size;
    const list = [...known].map((id) => `'${id}'`).join(', ');
    result = {};
    for (const { table_name: table, column_name: column } of columns) {
      result[`${table}.${column}`] = (await executeRows(
        db,
        sql.raw(`select * from ${quote(table)} where ${quote(column)}::text in (${list}) order by 1`),
      )) as Row[];
    }
    // Only the rows' own ids: a foreign key may name something shared (a vendor role), not B's.
    for (const rows of Object.values(result)) {
      for (const row of rows) if (typeof row.id === 'string' && UUID.test(row.id)) known.add(row.id);
    }
  }
  const users = userIds.map((id) => `'${id}'`).join(', ');
  result.users = (await executeRows(
    db,
    sql.raw(`select * from users where id::text in (${users}) order by id`),
  )) as Row[];
  result.tenants = (await executeRows(
    db,
    sql.raw(`select * from tenants where id::text = '${tenantId}'`),
  )) as Row[];
  return result;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id of B's rows: what A will try in paths and bodies. */
function idsIn(rows: Record<string, Row[]>): string[] {
  const ids = new Set<string>();
  for (const list of Object.values(rows)) {
    for (const row of list) {
      for (const value of Object.values(row))
        if (typeof value === 'string' && UUID.test(value)) ids.add(value);
    }
  }
  return [...ids];
}

/** A body naming B's ids under the field names the API uses for references. */
const baitBody = (ids: string[]) => ({
  id: ids[0],
  userId: ids[0],
  tenantId: ids[0],
  roleId: ids[0],
  groupId: ids[0],
  deviceId: ids[0],
  sessionId: ids[0],
  clientId: ids[0],
  userIds: ids,
  roleIds: ids,
  groupIds: ids,
  permissionIds: ids,
  ids,
});

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

async function operationsOf(test: TestServer): Promise<Operation[]> {
  const document = (await test.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    // Dev tools and the hosted-login protocol endpoints are not tenant administration; the SCIM server
    // takes a directory's token, not an administrator's (its isolation is test/routes/scim's).
    if (
      !path.startsWith('/frontegg/') ||
      path.startsWith('/frontegg/oauth/') ||
      path.startsWith('/frontegg/scim/')
    )
      continue;
    for (const method of Object.keys(methods)) {
      const upper = method.toUpperCase();
      if (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) {
        operations.push({ method: upper as Operation['method'], path });
      }
    }
  }
  // Reads first, so that nothing A changes about itself comes in their way.
  return operations.sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
}

/** The texts of B that no answer to A may contain. */
const secretsOf = (b: TenantAdmins) => [
  b.tenant.name,
  b.admin.user.email,
  b.readOnly.user.email,
  b.member.user.email,
];

describe('cross-tenant probe over every admin endpoint', () => {
  it('tenant A, with tenant B ids in every path and body, changes nothing of B and sees nothing of B', async () => {
    const test = server();
    const a = await createTenantAdmins(test);
    const b = await createTenantAdmins(test);
    await populate(test, b);
    const bUsers = [b.admin.user.id, b.readOnly.user.id, b.member.user.id];
    const before = await footprint(test.db, b.tenant.id, bUsers);
    const ids = [b.tenant.id, ...idsIn(before)].slice(0, 80);
    expect(ids.length).toBeGreaterThan(10);

    const operations = await operationsOf(test);
    expect(operations.length).toBeGreaterThan(60);
    const secrets = secretsOf(b);
    const leaks: string[] = [];
    const serverErrors: string[] = [];
    let calls = 0;
    let authorization = a.admin.authorization;
    const check = (operation: Operation, url: string, response: LightMyRequestResponse) => {
      calls += 1;
      if (response.statusCode >= 500)
        serverErrors.push(`${operation.method} ${url}: ${response.statusCode} ${response.body}`);
      const leaked = secrets.find((secret) => response.body.includes(secret));
      if (leaked) leaks.push(`${operation.method} ${url} answered ${leaked}`);
    };

    for (const operation of operations) {
      const parameterized = /\{[^}]+\}/.test(operation.path);
      const candidates = parameterized ? ids : [undefined];
      for (const id of candidates) {
        const url = id ? operation.path.replace(/\{[^}]+\}/g, id) : operation.path;
        const bodies =
          operation.method === 'GET' || operation.method === 'DELETE' ? [undefined] : [{}, baitBody(ids)];
        for (const body of bodies) {
          let response = await as(test, { authorization })(operation.method, url, body);
          if (response.statusCode === 401) {
            // A changed something of its own (its sessions, its password): sign in again and retry once.
            authorization = `Bearer ${await accessTokenOf(test, a.admin.user.email)}`;
            response = await as(test, { authorization })(operation.method, url, body);
          }
          check(operation, url, response);
        }
      }
    }

    expect(serverErrors).toEqual([]);
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(500);
    const after = await footprint(test.db, b.tenant.id, bUsers);
    // The tables whose rows of B changed (toEqual on the whole footprint would print megabytes).
    const changed = Object.keys({ ...before, ...after }).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    expect(changed).toEqual([]);
  }, 600_000);
});

/** Gives tenant B something of every kind the admin sections manage, through the API. */
async function populate(test: TestServer, b: TenantAdmins): Promise<void> {
  const call = as(test, b.admin);
  const created = async (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) => {
    const response = await call(method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.body ? (response.json() as Record<string, unknown>) : {};
  };
  const role = await created('POST', '/frontegg/identity/resources/roles/v1', {
    key: `b-role-${b.tenant.id.slice(0, 8)}`,
    name: 'B role',
  });
  const group = await created('POST', '/frontegg/identity/resources/groups/v1', {
    name: 'B group',
    color: '#123456',
  });
  await created('POST', `/frontegg/identity/resources/groups/v1/${String(group.id)}/users`, {
    userIds: [b.member.user.id],
  });
  await created('POST', `/frontegg/identity/resources/groups/v1/${String(group.id)}/roles`, {
    roleIds: [String(role.id)],
  });
  await created('POST', '/frontegg/identity/resources/users/api-tokens/v1', { description: 'B personal' });
  await created('POST', '/frontegg/identity/resources/tenants/api-tokens/v1', {
    description: 'B tenant',
    roleIds: [String(role.id)],
  });
  const phones = '/frontegg/identity/resources/users/phone-numbers/v1';
  const { otcToken } = await created('POST', phones, { phoneNumber: '+15550100123' });
  const [phone] = (await call('GET', `${phones}/me`)).json<{ id: string }[]>();
  const [text] = await listOutboxSms(test.db, { to: '+15550100123', limit: 1 });
  await created('POST', `${phones}/verify`, { otcToken, code: text?.text.match(/\b(\d{6})\b/)?.[1] });
  // A delete waiting for its texted code (the SMS-verified delete).
  expect((await call('DELETE', `${phones}/${String(phone?.id)}`)).statusCode).toBe(200);
  await created('POST', '/frontegg/identity/resources/groups/v1/config', { rolesEnabled: false });
  await created('POST', '/frontegg/identity/resources/configurations/v1/restrictions/ip', {
    ip: '203.0.113.0/24',
    strategy: 'BLOCK',
    description: 'B block',
  });
  await created('POST', '/frontegg/identity/resources/configurations/restrictions/v1/email-domain', {
    domain: 'b-blocked.test',
    type: 'BLOCK',
  });
  await created('POST', '/frontegg/identity/resources/tenants/invites/v1/user', { shouldSendEmail: false });
  await created('PUT', '/frontegg/tenants/resources/account-settings/v1', { address: 'B street 1' });
  // Issue 13: an SSO configuration with a domain, default roles and a group mapping, the SSO policy and
  // a SCIM directory.
  const sso = '/frontegg/team/resources/sso/v1/configurations';
  const connection = await created('POST', sso, {
    type: 'saml',
    ssoEndpoint: 'https://idp.b-corp.example/sso',
    idpEntityId: 'https://idp.b-corp.example',
  });
  await created('POST', `${sso}/${String(connection.id)}/domains`, { domain: 'b-corp.example' });
  await created('PUT', `${sso}/${String(connection.id)}/roles`, { roleIds: [String(role.id)] });
  await created('POST', `${sso}/${String(connection.id)}/groups`, {
    group: 'B admins',
    roleIds: [String(role.id)],
  });
  await created('PUT', `${sso}/policy`, { enforced: true, excludedEmails: [b.admin.user.email] });
  await created('POST', '/frontegg/directory/resources/v1/configurations/scim2', {
    source: 'okta',
    connectionName: 'B directory',
  });
}
