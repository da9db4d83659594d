// Issue 15: GET /flags evaluates the vendor-level flags (seeded with SPEC section 9's defaults) for the
// caller: a signed-in caller's token claims are the rules' attributes, anyone else gets the anonymous
// evaluation, and a dev override still wins. The flags are the superuser's to change.
import type { VendorFlag } from '@brizo/contract/entities/entitlements';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../src/db/schema/index.js';
import { as, createTenantAdmins, signedIn, type Member, type TenantAdmins } from '../../admin-support.js';
import { createUser } from '../../factories.js';
import { expectErrorShape, uniqueEmail, useTestServer } from '../../harness.js';

const server = useTestServer();
const FLAGS = '/frontegg/flags';
const MANAGE = '/frontegg/flags/resources/v1';
const FLAG = 'multi-apps-admin-portal';
const SEEDED = {
  on: true,
  offTreatment: 'false',
  defaultTreatment: 'false',
  rules: [],
  description: 'Applications in the admin portal',
};

let vendor: Member;
let team: TenantAdmins;
beforeAll(async () => {
  const { user } = await createUser(server().db, server().passwords, {
    superUser: true,
    roleKeys: ['Admin'],
  });
  vendor = { user, authorization: await signedIn(server(), user.email) };
  team = await createTenantAdmins(server());
});

// The flags are the vendor's, shared by every test of the file: each test leaves FLAG as seeded.
afterEach(async () => {
  await as(server(), vendor)('PATCH', `${MANAGE}/${FLAG}`, SEEDED);
  await server().app.inject({ method: 'PUT', url: `/dev/api/flags/${FLAG}`, payload: { value: null } });
});

const flagsAs = async (authorization?: string) => {
  const response = await server().app.inject({
    method: 'GET',
    url: FLAGS,
    ...(authorization ? { headers: { authorization } } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Record<string, 'on' | 'off'>>();
};

/** FLAG on for addresses of `domain` only. */
const onlyFor = (domain: string) => ({
  rules: [
    {
      conditions: [{ attribute: 'frontegg.email', op: 'ends_with', value: { list: [`@${domain}`] } }],
      treatment: 'true',
    },
  ],
});

describe('GET /flags', () => {
  it("answers SPEC section 9's defaults to anyone", async () => {
    expect(await flagsAs()).toMatchObject({
      admin_portal_ip_restrictions: 'on',
      admin_portal_domain_restrictions: 'on',
      'new-mfa-pages': 'on',
      'show-passkeys-new': 'on',
      'groups-admin-box-new': 'on',
      'msp-all-accounts-new': 'on',
      'temporary-users': 'on',
      'security-center-show-login-flows': 'off',
      'prevent-auth-redirect-on-social-login': 'off',
      [FLAG]: 'off',
    });
  });

  it("evaluates the rules on a signed-in caller's claims; anonymous and bad tokens get the default", async () => {
    const domain = 'flags-vip.test';
    const changed = await as(server(), vendor)('PATCH', `${MANAGE}/${FLAG}`, onlyFor(domain));
    expect(changed.statusCode, changed.body).toBe(200);
    const { user } = await createUser(server().db, server().passwords, {
      tenant: team.tenant,
      email: uniqueEmail('vip', domain),
      roleKeys: ['bfm-base'],
    });

    expect((await flagsAs(await signedIn(server(), user.email)))[FLAG]).toBe('on');
    expect((await flagsAs(team.member.authorization))[FLAG]).toBe('off');
    expect((await flagsAs())[FLAG]).toBe('off');
    expect((await flagsAs('Bearer not-a-token'))[FLAG]).toBe('off');
    expect((await flagsAs('Basic abc'))[FLAG]).toBe('off');
  });

  it('answers the offTreatment when the flag is off, whatever its rules', async () => {
    await as(server(), vendor)('PATCH', `${MANAGE}/${FLAG}`, {
      on: false,
      offTreatment: 'true',
      ...onlyFor('x.test'),
    });
    expect((await flagsAs())[FLAG]).toBe('on');
  });

  it('lets a dev override win over the evaluation', async () => {
    await as(server(), vendor)('PATCH', `${MANAGE}/${FLAG}`, { defaultTreatment: 'true' });
    expect((await flagsAs(team.member.authorization))[FLAG]).toBe('on');
    await server().app.inject({ method: 'PUT', url: `/dev/api/flags/${FLAG}`, payload: { value: 'off' } });
    expect((await flagsAs(team.member.authorization))[FLAG]).toBe('off');
    expect((await flagsAs())[FLAG]).toBe('off');
  });
});

describe('the superuser console: feature flags', () => {
  it('lists the flags with their rules, and records a change in the audit log', async () => {
    const listed = await as(server(), vendor)('GET', MANAGE);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<VendorFlag[]>().find((flag) => flag.key === FLAG)).toMatchObject({
      on: true,
      offTreatment: 'false',
      defaultTreatment: 'false',
      rules: [],
    });

    const changed = await as(server(), vendor)('PATCH', `${MANAGE}/${FLAG}`, { description: 'Apps' });
    expect(changed.json<VendorFlag>()).toMatchObject({ key: FLAG, description: 'Apps' });
    const rows = await server()
      .db.select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, vendor.user.id), eq(auditLogs.action, 'Feature flag updated')));
    expect(rows.map((row) => row.json)).toContainEqual(
      expect.objectContaining({ key: FLAG, after: { description: 'Apps' } }),
    );
  });

  it('refuses anonymous callers (401) and account Admins (403)', async () => {
    expectErrorShape(await server().app.inject({ method: 'GET', url: MANAGE }), 401);
    expectErrorShape(await as(server(), team.admin)('GET', MANAGE), 403);
    expectErrorShape(await as(server(), team.admin)('PATCH', `${MANAGE}/${FLAG}`, { on: false }), 403);
    expect((await flagsAs())[FLAG]).toBe('off');
  });

  it('refuses an unknown flag (404) and invalid rules (400)', async () => {
    const unknown = await as(server(), vendor)('PATCH', `${MANAGE}/no-such-flag`, { on: false });
    expect(expectErrorShape(unknown, 404).errorCode).toBe('ER-ENTITLEMENTS-FLAG-NOT-FOUND');
    const rules = [
      { conditions: [{ attribute: 'email', op: 'between_numeric', value: { start: 1 } }], treatment: 'true' },
    ];
    expectErrorShape(await as(server(), vendor)('PATCH', `${MANAGE}/${FLAG}`, { rules }), 400);
    expectErrorShape(await as(server(), vendor)('PATCH', `${MANAGE}/${FLAG}`, { on: 'yes' }), 400);
  });
});
