// Issue 13: SAML sign-in end to end, in-process: the SSO pre-login sends the browser to a real IdP
// (samlify, test/saml-idp.ts) with our AuthnRequest, the IdP posts its signed response to our
// assertion consumer, the web app's callback page exchanges the hand-off code for a session.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  ssoConnections,
  ssoDomains,
  ssoTestReports,
  type SsoAttributeMapping,
} from '../../../db/schema/index.js';
import { findUserByEmail } from '../../../db/queries/users.js';
import { BrowserJar } from '../../../../test/browser-jar.js';
import { createTenant } from '../../../../test/factories.js';
import { API, expectErrorShape, useTestServer } from '../../../../test/harness.js';
import {
  createTestIdp,
  fromBase64,
  STATUS_RESPONDER,
  toBase64,
  wrappingAttack,
  type ResponseOptions,
  type TestIdp,
  type WrappingAttack,
} from '../../../../test/saml-idp.js';
import { createSamlService } from './service.js';
import { generateSpKey, type SpKey } from './sp-keys.js';

const server = useTestServer();
const PUBLIC_URL = 'http://identity.test';
const sp = {
  entityId: `${PUBLIC_URL}/frontegg/saml/metadata`,
  acsUrl: `${PUBLIC_URL}/frontegg/auth/saml/callback`,
};
const ACS = '/frontegg/auth/saml/callback';
const POSTLOGIN = `${API}/auth/v1/user/saml/postlogin`;

let idpKey: SpKey;
let spMetadata: string;

beforeAll(async () => {
  idpKey = await generateSpKey('idp.example', new Date(Date.now() - 60_000));
  const metadata = await server().app.inject({ method: 'GET', url: '/frontegg/saml/metadata' });
  spMetadata = metadata.body;
});

interface Setup {
  idp: TestIdp;
  connectionId: string;
  tenantId: string;
  domain: string;
  email: (local?: string) => string;
}

/** A tenant with a SAML connection to its own IdP (rows written directly) and a validated domain. */
async function setup(
  overrides: Partial<typeof ssoConnections.$inferInsert> & { attributeMapping?: SsoAttributeMapping } = {},
): Promise<Setup> {
  const { db } = server();
  const idp = await createTestIdp({ sp, spMetadata, key: idpKey });
  const tenant = await createTenant(db);
  const [connection] = await db
    .insert(ssoConnections)
    .values({
      tenantId: tenant.id,
      protocol: 'saml',
      type: 'saml',
      idpEntityId: idp.entityId,
      ssoEndpoint: idp.ssoUrl,
      idpCertificates: [idp.certificateBody],
      ...overrides,
    })
    .returning();
  if (!connection) throw new Error('no connection');
  const domain = `corp-${randomUUID().slice(0, 8)}.example`;
  await db.insert(ssoDomains).values({
    connectionId: connection.id,
    tenantId: tenant.id,
    domain,
    validated: true,
    txtRecord: `brizo-verification=${randomUUID()}`,
    validatedAt: new Date(),
  });
  return {
    idp,
    connectionId: connection.id,
    tenantId: tenant.id,
    domain,
    email: (local = `user-${randomUUID().slice(0, 6)}`) => `${local}@${domain}`,
  };
}

/** The browser the tests sign in with unless they name another (test/browser-jar.ts). */
const browser = new BrowserJar();

/** The SSO pre-login in `from`, then the IdP reading our AuthnRequest. */
async function startLogin(email: string, idp: TestIdp, from: BrowserJar = browser) {
  const response = from.take(
    await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/saml/prelogin`,
      payload: { email },
      cookies: from.cookies,
    }),
  );
  expect(response.statusCode, response.body).toBe(200);
  const { address } = response.json<{ address: string }>();
  return { address, request: await idp.readAuthnRequest(address) };
}

/** What the IdP's page posts: a cross-site form. */
const postToAcs = (samlResponse: string, relayState?: string) =>
  server().app.inject({
    method: 'POST',
    url: ACS,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://idp.example',
      'sec-fetch-site': 'cross-site',
    },
    payload: new URLSearchParams({
      SAMLResponse: samlResponse,
      ...(relayState && { RelayState: relayState }),
    }).toString(),
  });

function redirectOf(response: LightMyRequestResponse): URL {
  expect(response.statusCode, response.body).toBe(303);
  return new URL(String(response.headers.location));
}

/** The ACS refused: the browser goes to the callback page with the error code, and no hand-off. */
function expectRefused(response: LightMyRequestResponse, errorCode: string): void {
  const location = redirectOf(response);
  expect(location.pathname).toBe('/account/saml/callback');
  expect(location.searchParams.get('code')).toBeNull();
  expect(location.searchParams.get('error')).toBe(errorCode);
}

/** The callback page's post-login from `from` (null: a browser without any cookie, or an API caller). */
const exchange = async (samlResponse: string, relayState?: string, from: BrowserJar | null = browser) => {
  const response = await server().app.inject({
    method: 'POST',
    url: POSTLOGIN,
    payload: { SAMLResponse: samlResponse, ...(relayState && { RelayState: relayState }) },
    cookies: from?.cookies ?? {},
  });
  return from ? from.take(response) : response;
};

const responseFor = (overrides: Partial<ResponseOptions> & { nameId: string }): ResponseOptions => ({
  now: server().clock.now(),
  ...overrides,
});

const auditActions = async (tenantId: string) =>
  (await server().db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenantId))).map(
    (row) => row.action,
  );

describe('SAML sign-in (issue 13)', () => {
  it('publishes our SP metadata: entity ID, assertion consumer and signing certificate', async () => {
    const { app } = server();
    const metadata = await app.inject({ method: 'GET', url: '/frontegg/saml/metadata' });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.body).toContain(`entityID="${sp.entityId}"`);
    expect(metadata.body).toContain(`Location="${sp.acsUrl}"`);
    const certificate = await app.inject({
      method: 'GET',
      url: '/frontegg/team/resources/sso/v1/saml/configurations/sp-certificate',
    });
    expect(certificate.statusCode).toBe(200);
    const body = certificate.body.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');
    const compact = (xml: string) => xml.replace(/\s+/g, '');
    expect(compact(metadata.body)).toContain(body);
    const team = await app.inject({
      method: 'GET',
      url: '/frontegg/team/resources/sso/v1/saml/configurations/sp-metadata',
    });
    expect(compact(team.body)).toContain(body);
    // Made once: the same certificate on every call.
    expect(compact((await app.inject({ method: 'GET', url: '/frontegg/saml/metadata' })).body)).toContain(
      body,
    );
  });

  it('signs in SP-initiated: AuthnRequest, signed response, hand-off code, session', async () => {
    const corp = await setup({ attributeMapping: { groups: 'memberOf' } });
    const email = corp.email('ada');
    const { address, request } = await startLogin(email, corp.idp);
    expect(address.startsWith(corp.idp.ssoUrl)).toBe(true);
    expect(request.acsUrl).toBe(sp.acsUrl);
    expect(request.relayState).toBe(request.id);

    const posted = await corp.idp.respond(
      responseFor({
        nameId: email,
        inResponseTo: request.id,
        attributes: { firstName: 'Ada', lastName: 'Lovelace', memberOf: ['eng'] },
      }),
    );
    const location = redirectOf(await postToAcs(posted, request.relayState ?? undefined));
    expect(location.origin + location.pathname).toBe(`${PUBLIC_URL}/account/saml/callback`);
    expect(location.searchParams.get('RelayState')).toBe(request.id);
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const session = await exchange(code, request.id);
    expect(session.statusCode, session.body).toBe(200);
    const body = session.json<{ accessToken: string }>();
    expect(body).not.toHaveProperty('refreshToken');
    const user = await findUserByEmail(server().db, email);
    expect(user?.name).toBe('Ada Lovelace');
    expect(decodeJwt(body.accessToken)).toMatchObject({ sub: user?.id, tenantId: corp.tenantId });

    // The code is single use.
    expect(expectErrorShape(await exchange(code), 401).errorCode).toBe('ER-SAML-HANDOFF-INVALID');
    // The same response again: its request was answered already.
    expectRefused(await postToAcs(posted), 'ER-SAML-UNKNOWN-REQUEST');
  });

  it('signs a request when the connection asks, and the IdP verifies it with the certificate of our metadata', async () => {
    const corp = await setup({ signRequest: true });
    const { address, request } = await startLogin(corp.email(), corp.idp);
    const url = new URL(address);
    expect(url.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(url.searchParams.get('Signature')).toBeTruthy();
    // A tampered signed request fails at the IdP.
    url.searchParams.set('RelayState', 'tampered');
    await expect(corp.idp.readAuthnRequest(url.toString())).rejects.toThrow();
    expect(request.id).toMatch(/^_/);
  });

  it('signs in IdP-initiated when allowed, once per assertion', async () => {
    const corp = await setup({ allowIdpInitiated: true });
    const email = corp.email();
    const posted = await corp.idp.respond(responseFor({ nameId: email }));
    const code = redirectOf(await postToAcs(posted)).searchParams.get('code') ?? '';
    // No request, so no browser binding: a browser that started nothing finishes it.
    expect((await exchange(code, undefined, null)).statusCode).toBe(200);
    // Replayed at the assertion consumer, and posted directly to postlogin.
    expectRefused(await postToAcs(posted), 'ER-SAML-ASSERTION-REPLAYED');
    expect(expectErrorShape(await exchange(posted), 401).errorCode).toBe('ER-SAML-ASSERTION-REPLAYED');
    expect(await auditActions(corp.tenantId)).toContain('Replayed SAML assertion refused');
  });

  // Login CSRF: an attacker starts a sign-in as themselves and lures the victim to its callback page.
  it('refuses the hand-off in a browser that did not start the sign-in; the one that did signs in', async () => {
    const corp = await setup();
    const { db } = server();
    const victim = new BrowserJar();
    const attacker = new BrowserJar();
    const handOff = async (from: BrowserJar, email: string) => {
      const { request } = await startLogin(email, corp.idp, from);
      const posted = await corp.idp.respond(responseFor({ nameId: email, inResponseTo: request.id }));
      return redirectOf(await postToAcs(posted, request.id)).searchParams.get('code') ?? '';
    };
    const victimsOwn = await handOff(victim, corp.email('victim'));
    const attackers = corp.email('attacker');
    // With another sign-in's cookie, and with none.
    for (const [from, code] of [
      [victim, await handOff(attacker, attackers)],
      [null, await handOff(attacker, attackers)],
    ] as const) {
      expect(expectErrorShape(await exchange(code, undefined, from), 401).errorCode).toBe(
        'ER-SAML-UNKNOWN-REQUEST',
      );
    }
    expect(await findUserByEmail(db, attackers)).toBeUndefined();
    const refusals = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, corp.tenantId), eq(auditLogs.action, 'SAML response refused')));
    expect(refusals.map((row) => row.description)).toEqual([
      'The browser that finished this sign-in is not the one that started it',
      'The browser that finished this sign-in is not the one that started it',
    ]);
    // The victim's own sign-in finishes in their browser, and its binding is spent.
    expect((await exchange(victimsOwn, undefined, victim)).statusCode).toBe(200);
    expect(victim.bindings).toEqual([]);
  });

  it('takes a raw response answering our request from the browser that started it only', async () => {
    const corp = await setup();
    const email = corp.email();
    const caller = new BrowserJar();
    const refused = await startLogin(email, corp.idp, caller);
    const lured = await corp.idp.respond(responseFor({ nameId: email, inResponseTo: refused.request.id }));
    expect(expectErrorShape(await exchange(lured, undefined, null), 401).errorCode).toBe(
      'ER-SAML-UNKNOWN-REQUEST',
    );
    // An API caller that keeps the pre-login's cookie posts the raw response directly.
    const { request } = await startLogin(email, corp.idp, caller);
    const posted = await corp.idp.respond(responseFor({ nameId: email, inResponseTo: request.id }));
    expect((await exchange(posted, request.id, caller)).statusCode).toBe(200);
  });

  it('finishes sign-ins started in parallel tabs of one browser, in any order', async () => {
    const corp = await setup();
    const tabs = new BrowserJar();
    const codes = [];
    for (const email of [corp.email(), corp.email()]) {
      const { request } = await startLogin(email, corp.idp, tabs);
      const posted = await corp.idp.respond(responseFor({ nameId: email, inResponseTo: request.id }));
      codes.push(redirectOf(await postToAcs(posted, request.id)).searchParams.get('code') ?? '');
    }
    expect(tabs.bindings).toHaveLength(2);
    for (const code of codes.reverse()) expect((await exchange(code, undefined, tabs)).statusCode).toBe(200);
    expect(tabs.bindings).toEqual([]);
  });

  it('refuses a replayed assertion in SP-initiated mode, even answering a new request', async () => {
    const corp = await setup();
    const email = corp.email();
    const first = await startLogin(email, corp.idp);
    const assertionId = `_${randomUUID()}`;
    const posted = await corp.idp.respond(
      responseFor({ nameId: email, inResponseTo: first.request.id, assertionId }),
    );
    expect(redirectOf(await postToAcs(posted)).searchParams.get('code')).toBeTruthy();
    const second = await startLogin(email, corp.idp);
    const again = await corp.idp.respond(
      responseFor({ nameId: email, inResponseTo: second.request.id, assertionId }),
    );
    expectRefused(await postToAcs(again), 'ER-SAML-ASSERTION-REPLAYED');
  });

  it('refuses an unsolicited response when IdP-initiated sign-in is off', async () => {
    const corp = await setup();
    const posted = await corp.idp.respond(responseFor({ nameId: corp.email() }));
    expectRefused(await postToAcs(posted), 'ER-SAML-UNSOLICITED-NOT-ALLOWED');
    expect(await auditActions(corp.tenantId)).toContain('SAML response refused');
  });

  it('refuses an answer to a request of another connection, and an unknown or expired request', async () => {
    const corp = await setup();
    const other = await setup();
    const { request } = await startLogin(other.email(), other.idp);
    // corp's IdP answers other's request: the issuer is not other's IdP (the tests' IdPs share a key).
    const posted = await corp.idp.respond(responseFor({ nameId: corp.email(), inResponseTo: request.id }));
    expectRefused(await postToAcs(posted), 'ER-SAML-INVALID-RESPONSE');
    // Signed with a key the connection does not trust.
    const { request: another } = await startLogin(other.email(), other.idp);
    const stranger = await createTestIdp({ sp, entityId: other.idp.entityId });
    const forged = await stranger.respond(responseFor({ nameId: other.email(), inResponseTo: another.id }));
    expectRefused(await postToAcs(forged), 'ER-SAML-INVALID-SIGNATURE');

    const unknown = await corp.idp.respond(
      responseFor({ nameId: corp.email(), inResponseTo: '_never-sent' }),
    );
    expectRefused(await postToAcs(unknown), 'ER-SAML-UNKNOWN-REQUEST');

    const late = await startLogin(corp.email(), corp.idp);
    const { clock } = server();
    const lateResponse = await corp.idp.respond(
      responseFor({ nameId: corp.email(), inResponseTo: late.request.id }),
    );
    clock.advanceSeconds(11 * 60);
    try {
      expectRefused(await postToAcs(lateResponse), 'ER-SAML-UNKNOWN-REQUEST');
    } finally {
      clock.advanceSeconds(-11 * 60);
    }
  });

  it('refuses responses that fail a check, each with its code, on the test clock', async () => {
    const corp = await setup();
    const { clock } = server();
    const cases: Array<[string, (id: string, email: string) => Promise<string>, () => void, () => void]> = [
      [
        'ER-SAML-INVALID-SIGNATURE',
        async (id, email) => toBase64(corp.idp.render(responseFor({ nameId: email, inResponseTo: id }))),
        () => {},
        () => {},
      ],
      [
        'ER-SAML-INVALID-SIGNATURE',
        async (id, email) =>
          (await createTestIdp({ sp, entityId: corp.idp.entityId })).respond(
            responseFor({ nameId: email, inResponseTo: id }),
          ),
        () => {},
        () => {},
      ],
      [
        'ER-SAML-INVALID-RESPONSE',
        (id, email) =>
          corp.idp.respond(
            responseFor({ nameId: email, inResponseTo: id, audience: 'https://other.example' }),
          ),
        () => {},
        () => {},
      ],
      [
        'ER-SAML-INVALID-RESPONSE',
        (id, email) =>
          corp.idp.respond(
            responseFor({ nameId: email, inResponseTo: id, recipient: 'https://other.example/acs' }),
          ),
        () => {},
        () => {},
      ],
      [
        'ER-SAML-INVALID-RESPONSE',
        (id, email) =>
          corp.idp.respond(
            responseFor({ nameId: email, inResponseTo: id, destination: 'https://other.example/acs' }),
          ),
        () => {},
        () => {},
      ],
      [
        'ER-SAML-INVALID-RESPONSE',
        (id, email) =>
          corp.idp.respond(
            responseFor({ nameId: email, inResponseTo: id, issuer: 'https://impostor.example' }),
          ),
        () => {},
        () => {},
      ],
      [
        'ER-SAML-IDP-REFUSED',
        (id, email) =>
          corp.idp.respond(responseFor({ nameId: email, inResponseTo: id, status: STATUS_RESPONDER })),
        () => {},
        () => {},
      ],
      [
        'ER-SAML-RESPONSE-EXPIRED',
        (id, email) =>
          corp.idp.respond(responseFor({ nameId: email, inResponseTo: id, lifetimeSeconds: 120 })),
        () => clock.advanceSeconds(200),
        () => clock.advanceSeconds(-200),
      ],
      [
        'ER-SAML-RESPONSE-EXPIRED',
        (id, email) =>
          corp.idp.respond(
            responseFor({
              nameId: email,
              inResponseTo: id,
              now: new Date(clock.now().getTime() + 5 * 60_000),
            }),
          ),
        () => {},
        () => {},
      ],
    ];
    for (const [errorCode, make, before, after] of cases) {
      const email = corp.email();
      const { request } = await startLogin(email, corp.idp);
      const posted = await make(request.id, email);
      before();
      try {
        expectRefused(await postToAcs(posted, request.id), errorCode);
      } finally {
        after();
      }
    }
    const actions = await auditActions(corp.tenantId);
    expect(actions).toContain('SAML response with an invalid signature refused');
    expect(actions).toContain('SAML response refused');
  });

  it('refuses every signature wrapping variant, the DOCTYPE payload and two assertions', async () => {
    const corp = await setup({ allowIdpInitiated: true });
    const responseSigned = await setup({
      allowIdpInitiated: true,
      wantAssertionsSigned: false,
      wantResponseSigned: true,
    });
    const attacks: WrappingAttack[] = ['XSW1', 'XSW2', 'XSW3', 'XSW4', 'XSW5', 'XSW6', 'XSW7', 'XSW8'];
    for (const attack of attacks) {
      const target = attack === 'XSW1' || attack === 'XSW2' ? responseSigned : corp;
      const signed = await target.idp.respond(
        responseFor({ nameId: target.email('attacker'), sign: target === corp ? 'assertion' : 'response' }),
      );
      const response = await postToAcs(wrappingAttack(signed, attack, target.email('victim')));
      const location = redirectOf(response);
      expect(location.searchParams.get('code'), attack).toBeNull();
      expect(['ER-SAML-MALFORMED-RESPONSE', 'ER-SAML-INVALID-SIGNATURE'], attack).toContain(
        location.searchParams.get('error'),
      );
    }
    const xml = fromBase64(await corp.idp.respond(responseFor({ nameId: corp.email() })));
    expectRefused(
      await postToAcs(toBase64(`<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${xml}`)),
      'ER-SAML-UNSAFE-RESPONSE',
    );
    const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
    const twice = xml.replace(assertion, assertion + assertion.replace(/ID="[^"]+"/, 'ID="_second"'));
    expectRefused(await postToAcs(toBase64(twice)), 'ER-SAML-MALFORMED-RESPONSE');
    expect(expectErrorShape(await exchange(toBase64(twice)), 400).errorCode).toBe(
      'ER-SAML-MALFORMED-RESPONSE',
    );
  });

  it('reads a comment-split NameID whole: it never becomes the shorter address', async () => {
    const corp = await setup({ allowIdpInitiated: true });
    const nameId = `${corp.email('a')}.evil.example`;
    const signed = fromBase64(await corp.idp.respond(responseFor({ nameId })));
    const split = signed.replace(nameId, `${corp.email('a')}<!---->.evil.example`);
    const response = await exchange(toBase64(split));
    // Accepted as the whole (foreign) address, which the connection's domain does not vouch for.
    expect(response.statusCode).toBe(403);
    expect(await findUserByEmail(server().db, corp.email('a'))).toBeUndefined();
  });

  it('answers garbage with a refusal, never a 500', async () => {
    const { app } = server();
    for (const samlResponse of ['%%%', toBase64('not xml'), toBase64('<a><b></a>'), 'QUJD']) {
      expectRefused(await postToAcs(samlResponse), 'ER-SAML-MALFORMED-RESPONSE');
      expect(expectErrorShape(await exchange(samlResponse), 400).errorCode).toBe(
        'ER-SAML-MALFORMED-RESPONSE',
      );
    }
    const huge = await app.inject({
      method: 'POST',
      url: ACS,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `SAMLResponse=${'A'.repeat(300 * 1024)}`,
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(
      expectErrorShape(
        await app.inject({
          method: 'POST',
          url: ACS,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'RelayState=x',
        }),
        400,
      ).errorCode,
    ).toBeTruthy();
    expect(expectErrorShape(await exchange('A'.repeat(43)), 401).errorCode).toBe('ER-SAML-HANDOFF-INVALID');
  });

  it('runs a live test: every check in plain words, and nobody signed in', async () => {
    const corp = await setup();
    const { db } = server();
    const connection = (
      await db.select().from(ssoConnections).where(eq(ssoConnections.id, corp.connectionId))
    )[0];
    if (!connection) throw new Error('no connection');
    // The SSO section starts a live test with services.saml.start(connection, { purpose: 'test' }).
    const saml = createSamlService(server());
    const meta = { ip: null, userAgent: null };
    const startTest = async () =>
      corp.idp.readAuthnRequest(
        await saml.start(connection, { purpose: 'test', meta, binding: browser.bind() }),
      );
    const request = await startTest();
    const email = corp.email('tester');
    const posted = await corp.idp.respond(
      responseFor({ nameId: email, inResponseTo: request.id, attributes: { groups: ['qa'] } }),
    );
    const location = redirectOf(await postToAcs(posted));
    expect(location.pathname).toBe('/account/sso/test-complete');
    const reportId = location.searchParams.get('reportId') ?? '';
    const [row] = await db
      .select()
      .from(ssoTestReports)
      .where(and(eq(ssoTestReports.id, reportId), eq(ssoTestReports.connectionId, corp.connectionId)));
    expect(row?.succeeded).toBe(true);
    const report = row?.report as {
      protocol: string;
      checks: { name: string; passed: boolean }[];
      profile: { email: string; groups: string[] };
      nameId: string;
    };
    expect(report.protocol).toBe('saml');
    expect(report.nameId).toBe(email);
    expect(report.profile).toMatchObject({ email, groups: ['qa'] });
    expect(report.checks.map((check) => check.name)).toEqual(
      expect.arrayContaining([
        "The response is signed by the identity provider's certificate",
        'The assertion is meant for this service (audience)',
        'The response answers the sign-in started here (InResponseTo)',
      ]),
    );
    expect(report.checks.every((check) => check.passed)).toBe(true);
    expect(await findUserByEmail(db, email)).toBeUndefined();

    // A failing test reports the failed check.
    const second = await startTest();
    const wrongAudience = await corp.idp.respond(
      responseFor({ nameId: email, inResponseTo: second.id, audience: 'https://other.example' }),
    );
    const failed = redirectOf(await postToAcs(wrongAudience)).searchParams.get('reportId') ?? '';
    const [failedRow] = await db.select().from(ssoTestReports).where(eq(ssoTestReports.id, failed));
    expect(failedRow?.succeeded).toBe(false);
    const failedChecks = (failedRow?.report as { checks: { name: string; passed: boolean }[] }).checks;
    expect(
      failedChecks.find((check) => check.name === 'The assertion is meant for this service (audience)')
        ?.passed,
    ).toBe(false);
  });
});
