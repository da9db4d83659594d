// Issue 13: the SSO section's API (/frontegg/team/resources/sso/...): configurations, IdP metadata,
// domains verified by DNS TXT records (a local DNS server), default roles, groups, the policy, and
// the SSO pre-login that routes a validated domain to its IdP.
import { createUser } from '../../factories.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { SsoConfiguration, SsoDomain, SsoGroup } from '@brizo/contract/entities/sso';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { federatedLoginRequests, ssoConnections } from '../../../src/db/schema/index.js';
import { hashToken } from '../../../src/lib/secrets.js';
import { as, createTenantAdmins, createTenantRole, vendorRoleId } from '../../admin-support.js';
import { startTestDnsServer, type TestDnsServer } from '../../dns-server.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';
import { idpCertificate, idpMetadataXml, uniqueDomain } from './sso-support.js';

const env: NodeJS.ProcessEnv = { OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost' };
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer();
  env.SSO_DNS_SERVERS = dns.address;
});
afterAll(async () => {
  await dns.close();
});
const server = useTestServer({ env });

/** The wire's error shape with this status, and this code when named. */
function expectError(response: Parameters<typeof expectErrorShape>[0], status: number, errorCode?: string) {
  const body = expectErrorShape(response, status);
  if (errorCode) expect(body.errorCode).toBe(errorCode);
}

const SSO = '/frontegg/team/resources/sso/v1/configurations';
const SSO_V2 = '/frontegg/team/resources/sso/v2/configurations';
const PRELOGIN_V2 = `${API}/auth/v2/user/sso/prelogin`;
const PRELOGIN_V1 = `${API}/auth/v1/user/saml/prelogin`;

async function createConfiguration(s: ReturnType<typeof server>, who: { authorization: string }) {
  const created = await as(s, who)('POST', SSO, {
    type: 'okta',
    enabled: true,
    ssoEndpoint: 'https://idp.example.test/sso',
    publicCertificate: await idpCertificate(),
    signRequest: false,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<SsoConfiguration>();
}

async function addDomain(
  s: ReturnType<typeof server>,
  who: { authorization: string },
  id: string,
  domain: string,
) {
  const added = await as(s, who)('POST', `${SSO}/${id}/domains`, { domain });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<SsoDomain>();
}

describe('SSO configurations', () => {
  it('creates, lists, changes and deletes a configuration in the caller’s tenant only', async () => {
    const s = server();
    const { admin, readOnly } = await createTenantAdmins(s);
    const other = await createTenantAdmins(s);
    const created = await createConfiguration(s, admin);
    expect(created).toMatchObject({
      type: 'okta',
      enabled: true,
      ssoEndpoint: 'https://idp.example.test/sso',
      publicCertificate: await idpCertificate(),
      acsUrl: 'http://identity.test/frontegg/auth/saml/callback',
      spEntityId: 'http://identity.test/frontegg/saml/metadata',
      domains: [],
      groups: [],
      roleIds: [],
      oidcSecret: '',
    });
    const [row] = await s.db.select().from(ssoConnections).where(eq(ssoConnections.id, created.id));
    expect(row).toMatchObject({ protocol: 'saml', tenantId: admin.user.activeTenantId });

    // Read Only reads, but changes nothing.
    const listed = await as(s, readOnly)('GET', SSO);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<SsoConfiguration[]>().map((c) => c.id)).toEqual([created.id]);
    expectError(await as(s, readOnly)('PATCH', `${SSO}/${created.id}`, { enabled: false }), 403);
    expectError(await as(s, readOnly)('DELETE', `${SSO}/${created.id}`), 403);
    expectError(
      await as(s, readOnly)('POST', `${SSO}/${created.id}/domains`, { domain: uniqueDomain() }),
      403,
    );

    // Another tenant's administrator sees none of it, and its ids answer 404.
    expect((await as(s, other.admin)('GET', SSO)).json()).toEqual([]);
    expectError(await as(s, other.admin)('PATCH', `${SSO}/${created.id}`, { enabled: false }), 404);
    expectError(await as(s, other.admin)('DELETE', `${SSO}/${created.id}`), 404);
    expectError(await as(s, other.admin)('GET', `${SSO}/${created.id}/roles`), 404);
    expectError(await as(s, other.admin)('GET', `${SSO}/${created.id}/groups`), 404);
    expectError(
      await as(s, other.admin)('POST', `${SSO}/${created.id}/domains`, { domain: uniqueDomain() }),
      404,
    );

    // An OIDC client secret is sealed and never answered in clear.
    const oidc = await as(s, admin)('PATCH', `${SSO}/${created.id}`, {
      type: 'oidc',
      oidcClientId: 'client-1',
      oidcSecret: 'the-client-secret',
      oidcIssuer: 'https://issuer.example.test',
    });
    expect(oidc.statusCode, oidc.body).toBe(200);
    expect(oidc.json()).toMatchObject({ type: 'oidc', oidcClientId: 'client-1', oidcSecret: '********' });
    expect(oidc.body).not.toContain('the-client-secret');
    const [sealed] = await s.db.select().from(ssoConnections).where(eq(ssoConnections.id, created.id));
    expect(sealed?.protocol).toBe('oidc');
    expect(sealed?.oidcClientSecret).toBeTruthy();
    expect(sealed?.oidcClientSecret).not.toContain('the-client-secret');
    // Sending the mask back keeps the secret.
    await as(s, admin)('PATCH', `${SSO}/${created.id}`, { oidcSecret: '********' });
    const [kept] = await s.db.select().from(ssoConnections).where(eq(ssoConnections.id, created.id));
    expect(kept?.oidcClientSecret).toBe(sealed?.oidcClientSecret);

    expectError(await as(s, admin)('PATCH', `${SSO}/${created.id}`, { publicCertificate: 'garbage' }), 400);
    expectError(await as(s, admin)('POST', SSO, { type: 'ldap' }), 400);
    expectError(await as(s, admin)('PATCH', `${SSO}/not-a-uuid`, { enabled: true }), 400);

    const deleted = await as(s, admin)('DELETE', `${SSO}/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await as(s, admin)('GET', SSO)).json()).toEqual([]);
    const actions = (await listAuditLogsByEmail(s.db, admin.user.email)).map((log) => log.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'SSO configuration created',
        'SSO configuration updated',
        'SSO configuration deleted',
      ]),
    );
  });

  it('reads an IdP metadata document, and refuses one with a DOCTYPE', async () => {
    const s = server();
    const { admin } = await createTenantAdmins(s);
    const certificate = await idpCertificate();
    const xml = idpMetadataXml({
      entityId: 'http://www.okta.com/exk123',
      ssoUrl: 'https://acme.okta.test/app/sso/saml',
      certificate,
      binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
    });
    const created = await as(s, admin)('POST', `${SSO}/metadata`, { metadata: xml });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'saml',
      idpEntityId: 'http://www.okta.com/exk123',
      ssoEndpoint: 'https://acme.okta.test/app/sso/saml',
      publicCertificate: certificate,
    });
    const id = created.json<SsoConfiguration>().id;
    const [row] = await s.db.select().from(ssoConnections).where(eq(ssoConnections.id, id));
    // The encryption key is not a signing key.
    expect(row?.idpCertificates).toEqual([certificate]);

    const updated = await as(s, admin)('PUT', `${SSO}/${id}/metadata`, {
      metadata: idpMetadataXml({ entityId: 'urn:other', ssoUrl: 'https://other.test/sso', certificate }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ idpEntityId: 'urn:other', ssoEndpoint: 'https://other.test/sso' });

    const withDoctype = `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${xml.replace(/^<\?xml[^>]*>/, '')}`;
    expectError(
      await as(s, admin)('POST', `${SSO}/metadata`, { metadata: withDoctype }),
      400,
      'ER-SSO-UNSAFE-METADATA',
    );
    expectError(
      await as(s, admin)('POST', `${SSO}/metadata`, { metadata: '<not xml' }),
      400,
      'ER-SSO-INVALID-METADATA',
    );
    expectError(
      await as(s, admin)('POST', `${SSO}/metadata`, {
        metadata: '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
      }),
      400,
      'ER-SSO-INVALID-METADATA',
    );
  });

  it('validates a domain by its TXT record; a wrong or missing record, or another tenant’s domain, is refused', async () => {
    const s = server();
    const { admin } = await createTenantAdmins(s);
    const other = await createTenantAdmins(s);
    const configuration = await createConfiguration(s, admin);
    const domain = uniqueDomain('Acme');
    const added = await addDomain(s, admin, configuration.id, `${domain.toUpperCase()}.`);
    expect(added).toMatchObject({ domain: domain.toLowerCase(), validated: false });
    expect(added.txtRecord).toMatch(/^brizo-sso-verification=/);
    expectError(await as(s, admin)('POST', `${SSO}/${configuration.id}/domains`, { domain }), 409);
    expectError(
      await as(s, admin)('POST', `${SSO}/${configuration.id}/domains`, { domain: 'gmail.com' }),
      400,
      'ER-SSO-PUBLIC-EMAIL-DOMAIN',
    );
    expectError(
      await as(s, admin)('POST', `${SSO}/${configuration.id}/domains`, { domain: 'not a domain' }),
      400,
      'ER-SSO-INVALID-DOMAIN',
    );

    const validate = (who: { authorization: string }, configId: string, domainId: string, v2 = false) =>
      as(s, who)('PUT', `${v2 ? SSO_V2 : SSO}/${configId}/domains/${domainId}/validate`);

    // No TXT record at all, then a wrong one.
    expectError(await validate(admin, configuration.id, added.id), 400, 'ER-SSO-DOMAIN-NOT-VERIFIED');
    dns.setTxt(domain.toLowerCase(), ['v=spf1 -all', 'brizo-sso-verification=someone-else']);
    expectError(await validate(admin, configuration.id, added.id), 400, 'ER-SSO-DOMAIN-NOT-VERIFIED');

    // Another tenant claims the same domain (allowed while unvalidated) but cannot validate it first.
    const otherConfiguration = await createConfiguration(s, other.admin);
    const otherDomain = await addDomain(s, other.admin, otherConfiguration.id, domain);
    expectError(await validate(other.admin, configuration.id, added.id), 404);

    dns.setTxt(domain.toLowerCase(), ['v=spf1 -all', added.txtRecord]);
    const validated = await validate(admin, configuration.id, added.id, true);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json()).toMatchObject({ id: added.id, validated: true });

    dns.setTxt(domain.toLowerCase(), [otherDomain.txtRecord]);
    expectError(
      await validate(other.admin, otherConfiguration.id, otherDomain.id),
      409,
      'ER-SSO-DOMAIN-CLAIMED',
    );

    const listed = (await as(s, admin)('GET', SSO)).json<SsoConfiguration[]>();
    expect(listed[0]?.domains).toEqual([{ ...added, validated: true }]);
    const actions = (await listAuditLogsByEmail(s.db, admin.user.email)).map((log) => log.action);
    expect(actions).toEqual(expect.arrayContaining(['SSO domain validation failed', 'SSO domain validated']));
  });

  it('sets default roles and group roles with roles the tenant has and the administrator may grant', async () => {
    const s = server();
    const { admin, tenant } = await createTenantAdmins(s);
    const other = await createTenantAdmins(s);
    const configuration = await createConfiguration(s, admin);
    const readOnlyRole = await vendorRoleId(s, 'ReadOnly');
    const otherTenantRole = await createTenantRole(s, other.tenant.id, ['fe.secure.read.users']);
    const ownRole = await createTenantRole(s, tenant.id, ['fe.secure.read.users']);

    const roles = await as(s, admin)('PUT', `${SSO}/${configuration.id}/roles`, {
      roleIds: [readOnlyRole, ownRole.id],
    });
    expect(roles.statusCode, roles.body).toBe(200);
    expect(
      (await as(s, admin)('GET', `${SSO}/${configuration.id}/roles`))
        .json<{ roleIds: string[] }>()
        .roleIds.sort(),
    ).toEqual([readOnlyRole, ownRole.id].sort());
    expectError(
      await as(s, admin)('PUT', `${SSO}/${configuration.id}/roles`, { roleIds: [otherTenantRole.id] }),
      400,
      'ER-SSO-ROLE-NOT-FOUND',
    );

    const group = await as(s, admin)('POST', `${SSO}/${configuration.id}/groups`, {
      group: 'Engineering',
      roleIds: [ownRole.id],
    });
    expect(group.statusCode, group.body).toBe(201);
    const created = group.json<SsoGroup>();
    expectError(
      await as(s, admin)('POST', `${SSO}/${configuration.id}/groups`, { group: 'engineering', roleIds: [] }),
      409,
    );
    const patched = await as(s, admin)('PATCH', `${SSO}/${configuration.id}/groups/${created.id}`, {
      group: 'Engineers',
      roleIds: [readOnlyRole],
    });
    expect(patched.json()).toEqual({ id: created.id, group: 'Engineers', roleIds: [readOnlyRole] });
    expect((await as(s, admin)('GET', `${SSO}/${configuration.id}/groups`)).json()).toEqual([patched.json()]);
    expectError(await as(s, other.admin)('DELETE', `${SSO}/${configuration.id}/groups/${created.id}`), 404);
    expect((await as(s, admin)('DELETE', `${SSO}/${configuration.id}/groups/${created.id}`)).statusCode).toBe(
      200,
    );
    expect((await as(s, admin)('GET', `${SSO}/${configuration.id}/groups`)).json()).toEqual([]);
  });

  it('keeps the SSO policy and its excluded emails', async () => {
    const s = server();
    const { admin, readOnly } = await createTenantAdmins(s);
    expect((await as(s, admin)('GET', `${SSO}/policy`)).json()).toEqual({
      enforced: false,
      excludedEmails: [],
    });
    const saved = await as(s, admin)('PUT', `${SSO}/policy`, {
      enforced: true,
      excludedEmails: ['Boss@Corp.test'],
    });
    expect(saved.json()).toEqual({ enforced: true, excludedEmails: ['boss@corp.test'] });
    expectError(await as(s, readOnly)('PUT', `${SSO}/policy`, { enforced: false, excludedEmails: [] }), 403);
    await as(s, admin)('POST', `${SSO}/excluded-emails`, { email: 'it@corp.test' });
    expect((await as(s, readOnly)('GET', `${SSO}/excluded-emails`)).json()).toEqual({
      emails: ['boss@corp.test', 'it@corp.test'],
    });
    await as(s, admin)('DELETE', `${SSO}/excluded-emails/boss@corp.test`);
    expect((await as(s, admin)('GET', `${SSO}/policy`)).json()).toEqual({
      enforced: true,
      excludedEmails: ['it@corp.test'],
    });
  });

  it('maps the SDK’s legacy SAML calls onto the first configuration', async () => {
    const s = server();
    const { admin } = await createTenantAdmins(s);
    const LEGACY = '/frontegg/team/resources/sso/v1/saml/configurations';
    expect((await as(s, admin)('GET', LEGACY)).json()).toEqual({ enabled: false });
    const domain = uniqueDomain();
    const saved = await as(s, admin)('POST', LEGACY, {
      enabled: true,
      domain,
      ssoEndpoint: 'https://idp.example.test/sso',
      publicCertificate: await idpCertificate(),
      signRequest: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A new domain resets the endpoint, certificate and request signing (SPEC section 4).
    expect(saved.json()).toMatchObject({
      enabled: true,
      domain,
      validated: false,
      ssoEndpoint: '',
      publicCertificate: '',
      signRequest: false,
    });
    const again = await as(s, admin)('POST', LEGACY, {
      domain,
      ssoEndpoint: 'https://idp.example.test/sso',
      signRequest: true,
    });
    expect(again.json()).toMatchObject({
      domain,
      ssoEndpoint: 'https://idp.example.test/sso',
      signRequest: true,
    });
    expect((await as(s, admin)('GET', `${LEGACY}/vendor-config`)).json()).toEqual({
      acsUrl: 'http://identity.test/frontegg/auth/saml/callback',
      spEntityId: 'http://identity.test/frontegg/saml/metadata',
    });
    const legacyGroups = '/frontegg/team/resources/sso/v2/saml/configurations/groups';
    const group = await as(s, admin)('POST', legacyGroups, { group: 'admins', roleIds: [] });
    expect(group.statusCode, group.body).toBe(201);
    expect((await as(s, admin)('GET', legacyGroups)).json()).toEqual([group.json()]);
    const generated = again.json<{ generatedVerification: string }>().generatedVerification;
    dns.setTxt(domain, [generated]);
    const validated = await as(s, admin)('PUT', '/frontegg/team/resources/sso/v1/saml/validations/domain');
    expect(validated.json()).toMatchObject({ domain, validated: true });
  });
});

describe('IdP metadata by URL', () => {
  let metadataServer: Server;
  let served = '';
  let metadataUrl = '';
  beforeAll(async () => {
    metadataServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      response.end(served);
    });
    await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
    metadataUrl = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}/metadata`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => metadataServer.close(() => resolve()));
  });

  it('reads the metadata from its URL, again on demand, and again on use once a day old', async () => {
    const s = server();
    const { admin } = await createTenantAdmins(s);
    const other = await createTenantAdmins(s);
    const certificate = await idpCertificate();
    served = idpMetadataXml({ entityId: 'urn:idp:one', ssoUrl: 'https://one.idp.test/sso', certificate });
    const created = await as(s, admin)('POST', `${SSO}/metadata-url`, { url: metadataUrl });
    expect(created.statusCode, created.body).toBe(201);
    const configuration = created.json<SsoConfiguration>();
    expect(configuration).toMatchObject({
      metadataUrl,
      idpEntityId: 'urn:idp:one',
      ssoEndpoint: 'https://one.idp.test/sso',
    });

    served = idpMetadataXml({ entityId: 'urn:idp:one', ssoUrl: 'https://two.idp.test/sso', certificate });
    expectError(await as(s, other.admin)('POST', `${SSO}/${configuration.id}/metadata-url/refresh`), 404);
    const refreshed = await as(s, admin)('POST', `${SSO}/${configuration.id}/metadata-url/refresh`);
    expect(refreshed.json()).toMatchObject({ ssoEndpoint: 'https://two.idp.test/sso' });

    // The live test starts a sign-in at the IdP.
    const test = await as(s, admin)('POST', `${SSO}/${configuration.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json<{ address: string }>().address.startsWith('https://two.idp.test/sso')).toBe(true);
    // The portal's XHR binds the test to the administrator's browser, whose test window finishes it.
    const [binding] = test.cookies.filter((cookie) => cookie.name.startsWith('brizo-sso-binding-'));
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const requestId = new URL(test.json<{ address: string }>().address).searchParams.get('RelayState') ?? '';
    const [started] = await s.db
      .select()
      .from(federatedLoginRequests)
      .where(eq(federatedLoginRequests.id, requestId));
    expect(started).toMatchObject({
      purpose: 'test',
      data: { browserBinding: { hash: hashToken(binding?.value ?? '') } },
    });
    expect((await as(s, admin)('GET', `${SSO}/${configuration.id}/test-reports`)).json()).toEqual([]);

    // A day later the pre-login reads it again before sending anyone to the IdP.
    const domain = uniqueDomain();
    const added = await addDomain(s, admin, configuration.id, domain);
    dns.setTxt(domain, [added.txtRecord]);
    expect(
      (await as(s, admin)('PUT', `${SSO}/${configuration.id}/domains/${added.id}/validate`)).statusCode,
    ).toBe(200);
    served = idpMetadataXml({ entityId: 'urn:idp:one', ssoUrl: 'https://three.idp.test/sso', certificate });
    s.clock.advanceSeconds(25 * 3600);
    try {
      const prelogin = await s.app.inject({
        method: 'POST',
        url: PRELOGIN_V2,
        payload: { email: `x@${domain}` },
      });
      expect(prelogin.statusCode, prelogin.body).toBe(200);
      expect(prelogin.json<{ address: string }>().address.startsWith('https://three.idp.test/sso')).toBe(
        true,
      );
    } finally {
      s.clock.advanceSeconds(-25 * 3600);
    }

    // An address the server may not call is refused before any request.
    expectError(
      await as(s, admin)('POST', `${SSO}/metadata-url`, { url: 'http://10.0.0.1/metadata' }),
      400,
      'ER-SSO-METADATA-UNREACHABLE',
    );
    expectError(await as(s, admin)('POST', `${SSO}/metadata-url`, { url: 'file:///etc/passwd' }), 400);
  });
});

describe('SSO pre-login', () => {
  it('answers the IdP address for a validated domain only, whether or not the account exists', async () => {
    const s = server();
    const { admin, tenant } = await createTenantAdmins(s);
    const configuration = await createConfiguration(s, admin);
    const domain = uniqueDomain();
    const added = await addDomain(s, admin, configuration.id, domain);
    const prelogin = (body: Record<string, unknown>, url = PRELOGIN_V2) =>
      s.app.inject({ method: 'POST', url, payload: body });

    // Not validated yet: no SSO, and no sign-in to bind the browser to.
    const none = await prelogin({ email: `someone@${domain}` });
    expectError(none, 404, 'ER-AUTH-SSO-NOT-FOUND');
    expect(none.cookies).toEqual([]);
    dns.setTxt(domain, [added.txtRecord]);
    expect(
      (await as(s, admin)('PUT', `${SSO}/${configuration.id}/domains/${added.id}/validate`)).statusCode,
    ).toBe(200);

    const answer = await prelogin({ email: `nobody-here@${domain.toUpperCase()}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.cookies.map((cookie) => cookie.name)).toEqual([
      expect.stringMatching(/^brizo-sso-binding-/),
    ]);
    const { address, idpType } = answer.json<{ address: string; idpType: string }>();
    expect(idpType).toBe('saml');
    expect(address.startsWith('https://idp.example.test/sso')).toBe(true);
    expect((await prelogin({ email: `someone@${domain}`, tenantId: tenant.id })).statusCode).toBe(200);
    // A tenantId narrows the search: another tenant's id finds nothing.
    const other = await createTenantAdmins(s);
    expectError(await prelogin({ email: `someone@${domain}`, tenantId: other.tenant.id }), 404);
    const v1 = await prelogin({ email: `someone@${domain}` }, PRELOGIN_V1);
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json<{ address: string }>().address.startsWith('https://idp.example.test/sso')).toBe(true);

    // A username is not looked up: a known one on the SSO domain answers as an unknown one does, so the
    // pre-login cannot tell which usernames exist (issue 13).
    await createUser(s.db, s.passwords, {
      tenant,
      email: `known@${domain}`,
      username: `known-${tenant.id.slice(0, 8)}`,
    });
    const known = await prelogin({ username: `known-${tenant.id.slice(0, 8)}` });
    const unknown = await prelogin({ username: `unknown-${tenant.id.slice(0, 8)}` });
    expectError(known, 404, 'ER-AUTH-SSO-NOT-FOUND');
    expect(known.body).toBe(unknown.body);

    // Other domains, and disabled configurations, answer 404.
    expectError(await prelogin({ email: `someone@${uniqueDomain()}` }), 404, 'ER-AUTH-SSO-NOT-FOUND');
    expectError(await prelogin({ email: 'no-at-sign' }), 404);
    expect(
      (
        await s.app.inject({ method: 'GET', url: '/frontegg/team/resources/sso/v2/configurations/public' })
      ).json(),
    ).toEqual({ isActive: true });
    await as(s, admin)('PATCH', `${SSO}/${configuration.id}`, { enabled: false });
    expectError(await prelogin({ email: `someone@${domain}` }), 404);
  });
});
