// The checks of a SAML response on their own (no server, no database), against responses a real IdP
// (samlify, test/saml-idp.ts) signed for us, and the tampered documents built from them.
import { beforeAll, describe, expect, it } from 'vitest';
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
import { validateSamlResponse, type SamlConnectionSettings, type SamlValidation } from './validation.js';

const sp = {
  entityId: 'http://identity.test/frontegg/saml/metadata',
  acsUrl: 'http://identity.test/frontegg/auth/saml/callback',
};
const now = new Date();
let idp: TestIdp;
let stranger: TestIdp;
let connection: SamlConnectionSettings;

beforeAll(async () => {
  idp = await createTestIdp({ sp });
  // Another IdP's key claiming to be ours.
  stranger = await createTestIdp({ sp, entityId: idp.entityId });
  connection = {
    idpEntityId: idp.entityId,
    idpCertificates: [idp.certificateBody],
    wantAssertionsSigned: true,
    wantResponseSigned: false,
    attributeMapping: {},
  };
});

const base = (overrides: Partial<ResponseOptions> = {}): ResponseOptions => ({
  nameId: 'ada@corp.example',
  now,
  inResponseTo: '_request-1',
  attributes: { firstName: 'Ada', lastName: 'Lovelace', groups: ['engineering', 'admins'] },
  ...overrides,
});

const validate = (
  samlResponse: string,
  options: { at?: Date; inResponseTo?: string | null; settings?: Partial<SamlConnectionSettings> } = {},
) =>
  validateSamlResponse({
    samlResponse,
    connection: { ...connection, ...options.settings },
    sp,
    now: options.at ?? now,
    inResponseTo: options.inResponseTo === undefined ? '_request-1' : options.inResponseTo,
  });

function refused(result: SamlValidation, failure: string): void {
  if (result.ok) throw new Error(`accepted, expected ${failure}`);
  expect(result.failure, result.reason).toBe(failure);
}

describe('SAML response validation (issue 13)', () => {
  it('accepts a response signed by the IdP, and maps the NameID and attributes', async () => {
    const result = await validate(await idp.respond(base()));
    if (!result.ok) throw new Error(result.reason);
    expect(result.profile).toMatchObject({
      provider: 'saml',
      subject: 'ada@corp.example',
      email: 'ada@corp.example',
      name: 'Ada Lovelace',
      groups: ['engineering', 'admins'],
    });
    expect(result.checks.every((check) => check.passed)).toBe(true);
    expect(result.checks.map((check) => check.name)).toContain(
      'The assertion is meant for this service (audience)',
    );
    expect(result.assertion.validUntil.getTime()).toBeGreaterThan(now.getTime());
  });

  it('takes the email from the attribute the connection maps, and accepts response-only signatures when configured', async () => {
    const posted = await idp.respond(
      base({
        nameId: 'opaque-7f3a',
        nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
        attributes: { work_mail: 'ada@corp.example' },
        sign: 'response',
      }),
    );
    refused(await validate(posted), 'invalidSignature');
    const result = await validate(posted, {
      settings: {
        wantAssertionsSigned: false,
        wantResponseSigned: true,
        attributeMapping: { email: 'work_mail' },
      },
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.profile).toMatchObject({ subject: 'opaque-7f3a', email: 'ada@corp.example' });
  });

  it('requires both signatures when the connection asks for both', async () => {
    const settings = { wantAssertionsSigned: true, wantResponseSigned: true };
    refused(await validate(await idp.respond(base()), { settings }), 'invalidSignature');
    expect((await validate(await idp.respond(base({ sign: 'both' })), { settings })).ok).toBe(true);
  });

  it('refuses an unsigned response, and one signed by another key', async () => {
    refused(await validate(toBase64(idp.render(base()))), 'invalidSignature');
    refused(
      await validate(toBase64(idp.render(base())), {
        settings: { wantAssertionsSigned: false, wantResponseSigned: false },
      }),
      'invalidSignature',
    );
    refused(await validate(await stranger.respond(base())), 'invalidSignature');
  });

  it('refuses a signed assertion whose content was changed after signing', async () => {
    const tampered = fromBase64(await idp.respond(base())).replace('ada@corp.example', 'eve@corp.example');
    refused(await validate(toBase64(tampered)), 'invalidSignature');
  });

  for (const attack of ['XSW1', 'XSW2', 'XSW3', 'XSW4', 'XSW5', 'XSW6', 'XSW7', 'XSW8'] as WrappingAttack[]) {
    it(`refuses signature wrapping ${attack}`, async () => {
      const sign = attack === 'XSW1' || attack === 'XSW2' ? 'response' : 'assertion';
      const signed = await idp.respond(base({ sign }));
      const settings = sign === 'response' ? { wantAssertionsSigned: false, wantResponseSigned: true } : {};
      expect((await validate(signed, { settings })).ok).toBe(true);
      const result = await validate(wrappingAttack(signed, attack, 'victim@corp.example'), { settings });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(['malformedResponse', 'invalidSignature']).toContain(result.failure);
    });
  }

  it('refuses a DOCTYPE, an entity declaration and an external entity before parsing', async () => {
    const xml = fromBase64(await idp.respond(base()));
    const payloads = [
      `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${xml}`,
      `<!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>${xml}`,
      xml.replace('<saml:Issuer>', '<!DOCTYPE x><saml:Issuer>'),
    ];
    for (const payload of payloads) refused(await validate(toBase64(payload)), 'unsafeResponse');
  });

  it('reads the whole NameID: a comment inside it does not cut it short', async () => {
    const signed = await idp.respond(base({ nameId: 'a@corp.example.evil.com' }));
    const injected = fromBase64(signed).replace('a@corp.example.evil.com', 'a@corp.example<!---->.evil.com');
    const result = await validate(toBase64(injected));
    // Comments are not signed (exclusive canonicalisation drops them), so the signature still
    // verifies: what matters is that the value read is the whole address, never `a@corp.example`.
    if (!result.ok) throw new Error(result.reason);
    expect(result.profile.email).toBe('a@corp.example.evil.com');
    expect(result.profile.subject).toBe('a@corp.example.evil.com');
  });

  it('refuses two assertions', async () => {
    const xml = fromBase64(await idp.respond(base()));
    const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
    refused(
      await validate(
        toBase64(xml.replace(assertion, assertion + assertion.replace(/ID="[^"]+"/, 'ID="_second"'))),
      ),
      'malformedResponse',
    );
  });

  it('refuses an expired response and one not valid yet, with a minute of leeway', async () => {
    const posted = await idp.respond(base({ lifetimeSeconds: 300 }));
    expect((await validate(posted, { at: new Date(now.getTime() + 330_000) })).ok).toBe(true);
    refused(await validate(posted, { at: new Date(now.getTime() + 361_000) }), 'responseExpired');
    expect((await validate(posted, { at: new Date(now.getTime() - 30_000) })).ok).toBe(true);
    refused(await validate(posted, { at: new Date(now.getTime() - 120_000) }), 'responseExpired');
  });

  it('refuses the wrong audience, recipient, destination or issuer', async () => {
    const cases: Array<[Partial<ResponseOptions>, string]> = [
      [{ audience: 'https://other-sp.example' }, 'The assertion is meant for this service (audience)'],
      [
        { recipient: 'https://other-sp.example/acs' },
        'The assertion is to be delivered to this service (recipient)',
      ],
      [
        { destination: 'https://other-sp.example/acs', sign: 'both' },
        'The response is addressed to this service (destination)',
      ],
      [
        { issuer: 'https://impostor.example/saml' },
        "The response comes from the configuration's identity provider (issuer)",
      ],
    ];
    for (const [overrides, check] of cases) {
      const result = await validate(await idp.respond(base(overrides)));
      refused(result, 'invalidResponse');
      expect(result.checks.find((entry) => entry.name === check)?.passed, check).toBe(false);
    }
  });

  it('refuses a Status other than Success', async () => {
    refused(await validate(await idp.respond(base({ status: STATUS_RESPONDER }))), 'idpRefused');
  });

  it('refuses an answer to another request, and InResponseTo in an unsolicited response', async () => {
    refused(await validate(await idp.respond(base()), { inResponseTo: '_request-2' }), 'unknownRequest');
    refused(await validate(await idp.respond(base()), { inResponseTo: null }), 'unknownRequest');
    expect(
      (await validate(await idp.respond(base({ inResponseTo: undefined })), { inResponseTo: null })).ok,
    ).toBe(true);
  });

  it('never throws on garbage', async () => {
    for (const garbage of [
      '%%%not base64',
      toBase64('not xml at all'),
      toBase64('<a><b></a>'),
      'A'.repeat(300_000),
      toBase64('<x/>'),
      '',
    ]) {
      const result = await validate(garbage);
      refused(result, 'malformedResponse');
    }
  });
});
