// Everything a SAML response must pass before anyone is signed in with it (SAML 2.0 core and the Web
// Browser SSO profile), as named checks: the live test shows each of them to the administrator, a
// sign-in takes the first failure. Pure (no database): the sign-in-in-flight and replay records are
// the service's (service.ts), so this runs standalone too.
import type * as NodeSaml from '@node-saml/node-saml';
import type { Profile } from '@node-saml/node-saml';
import { lazyModule } from '../../../lib/lazy-module.js';
import type { SsoAttributeMapping } from '../../../db/schema/index.js';
import type { FederatedProfile, SsoCheck } from '../../federated/types.js';
import {
  SAML_ASSERTION_NS,
  SAML_PROTOCOL_NS,
  SamlXmlError,
  checkResponseShape,
  childElements,
  decodeSamlResponse,
  firstChild,
  hasCommentInside,
  parseXml,
  wholeText,
} from './xml.js';

/** node-saml (with xml-crypto) is loaded at the first SAML sign-in or metadata request. */
export const nodeSaml = lazyModule<typeof NodeSaml>('@node-saml/node-saml');

/** Clocks of the IdP and ours may differ this much. */
export const CLOCK_SKEW_MS = 60_000;

const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** Why a response is refused: the key of its errorCatalogue.saml entry. */
export type SamlFailure =
  | 'malformedResponse'
  | 'unsafeResponse'
  | 'invalidSignature'
  | 'idpRefused'
  | 'responseExpired'
  | 'unknownRequest'
  | 'invalidResponse'
  | 'noEmail';

/** Our side of the exchange (SAML service provider). */
export interface SamlServiceProvider {
  entityId: string;
  acsUrl: string;
}

/** What of a connection (schema/sso.ts ssoConnections) the checks use. */
export interface SamlConnectionSettings {
  idpEntityId: string | null;
  /** PEM or PEM bodies. */
  idpCertificates: readonly string[];
  wantAssertionsSigned: boolean;
  wantResponseSigned: boolean;
  attributeMapping: SsoAttributeMapping;
}

export interface SamlValidationInput {
  /** The SAMLResponse form field, base64 as posted. */
  samlResponse: string;
  connection: SamlConnectionSettings;
  sp: SamlServiceProvider;
  now: Date;
  /** The id of our AuthnRequest it must answer, or null for an unsolicited (IdP-initiated) response. */
  inResponseTo: string | null;
}

/** What came back, for the live test's report (also when a check failed). */
export interface SamlReceived {
  nameId?: string;
  nameIdFormat?: string;
  attributes?: Record<string, string[]>;
}

export type SamlValidation =
  | (SamlReceived & {
      ok: true;
      checks: SsoCheck[];
      profile: FederatedProfile;
      /** The assertion's id and the end of its validity: what the replay record keeps. */
      assertion: { id: string; validUntil: Date };
    })
  | (SamlReceived & {
      ok: false;
      checks: SsoCheck[];
      failure: SamlFailure;
      /** In plain words, for the audit log and the live test. */
      reason: string;
    });

/** The certificate as node-saml and xml-crypto read it. */
export function certificatePem(certificate: string): string {
  if (certificate.includes('-----BEGIN')) return certificate.trim();
  const body = certificate.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----`;
}

const parseInstant = (value: string | null | undefined): Date | undefined | 'invalid' => {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? 'invalid' : new Date(time);
};

/** Collects the checks in order; the first failure is what a sign-in reports. */
class Checks {
  readonly list: SsoCheck[] = [];
  firstFailure: { failure: SamlFailure; reason: string } | undefined;
  add(name: string, passed: boolean, failure: SamlFailure, detail?: string): boolean {
    this.list.push({ name, passed, ...(detail && { detail }) });
    if (!passed) this.firstFailure ??= { failure, reason: detail ? `${name}: ${detail}` : name };
    return passed;
  }
}

function attributesOf(assertion: Element): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const statement of childElements(assertion, SAML_ASSERTION_NS, 'AttributeStatement')) {
    for (const attribute of childElements(statement, SAML_ASSERTION_NS, 'Attribute')) {
      const name = attribute.getAttribute('Name');
      if (!name) continue;
      const values = childElements(attribute, SAML_ASSERTION_NS, 'AttributeValue').map(wholeText);
      (attributes[name] ??= []).push(...values.filter((value) => value !== ''));
    }
  }
  return attributes;
}

// The names IdPs commonly send when the connection maps nothing (Okta, Entra ID, Google, ADFS, eduPerson).
const defaultNames = {
  email: [
    'email',
    'mail',
    'emailAddress',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    'urn:oid:0.9.2342.19200300.100.1.3',
  ],
  name: ['name', 'displayName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'],
  firstName: ['firstName', 'givenName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'],
  lastName: ['lastName', 'surname', 'sn', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'],
  groups: ['groups', 'memberOf', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'],
} satisfies Record<keyof SsoAttributeMapping, string[]>;

function pick(
  attributes: Record<string, string[]>,
  mapping: SsoAttributeMapping,
  field: keyof SsoAttributeMapping,
): string[] {
  const mapped = mapping[field]?.trim();
  const names = mapped ? [mapped] : defaultNames[field];
  const lowered = Object.fromEntries(
    Object.entries(attributes).map(([name, values]) => [name.toLowerCase(), values]),
  );
  for (const name of names) {
    const values = attributes[name] ?? lowered[name.toLowerCase()];
    if (values?.length) return values;
  }
  return [];
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** The profile the connection's mapping makes of the NameID and attributes; the email is required. */
function profileOf(
  nameId: string,
  nameIdFormat: string | undefined,
  attributes: Record<string, string[]>,
  mapping: SsoAttributeMapping,
): FederatedProfile | undefined {
  const email =
    pick(attributes, mapping, 'email')[0] ??
    (nameIdFormat === EMAIL_FORMAT || EMAIL.test(nameId) ? nameId : '');
  if (!EMAIL.test(email)) return undefined;
  const fullName =
    pick(attributes, mapping, 'name')[0] ??
    [pick(attributes, mapping, 'firstName')[0], pick(attributes, mapping, 'lastName')[0]]
      .filter(Boolean)
      .join(' ');
  const groups = pick(attributes, mapping, 'groups');
  return {
    provider: 'saml',
    subject: nameId,
    email,
    // The connection's validated domains vouch for SSO addresses (auth/federated/sso-sign-in.ts checks them).
    emailVerified: true,
    ...(fullName && { name: fullName }),
    ...(groups.length > 0 && { groups }),
    raw: { nameId, ...(nameIdFormat && { nameIdFormat }), attributes },
  };
}

/** The signature checks, by node-saml (xml-crypto underneath): which key, which element, what it covers. */
async function verifiedAssertion(
  samlResponse: string,
  connection: SamlConnectionSettings,
  sp: SamlServiceProvider,
): Promise<{ profile: Profile; assertionXml: string } | { error: string }> {
  const { SAML, ValidateInResponseTo } = nodeSaml();
  const saml = new SAML({
    idpCert: connection.idpCertificates.map(certificatePem),
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    // Audience, times, issuer and InResponseTo are checked below on the verified assertion, with our
    // clock and our shared store of requests in flight.
    audience: false,
    acceptedClockSkewMs: -1,
    validateInResponseTo: ValidateInResponseTo.never,
    wantAssertionsSigned: connection.wantAssertionsSigned || !connection.wantResponseSigned,
    wantAuthnResponseSigned: connection.wantResponseSigned,
  });
  try {
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile) return { error: 'The response carries no sign-in' };
    return { profile, assertionXml: profile.getAssertionXml?.() ?? '' };
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'The signature could not be checked' };
  }
}

/**
 * Validates a posted SAMLResponse for a connection. Never throws for bad input: every refusal is a
 * failed check with its reason.
 */
export async function validateSamlResponse(input: SamlValidationInput): Promise<SamlValidation> {
  const { connection, sp, now } = input;
  const checks = new Checks();
  const received: SamlReceived = {};
  const fail = (): SamlValidation => ({
    ok: false,
    checks: checks.list,
    ...received,
    ...(checks.firstFailure ?? { failure: 'invalidResponse', reason: 'The response could not be accepted' }),
  });

  let shape: ReturnType<typeof checkResponseShape>;
  try {
    const document = parseXml(decodeSamlResponse(input.samlResponse));
    // Status first: an IdP that refused the sign-in often sends no assertion at all.
    const status = statusOf(document.documentElement);
    if (status !== undefined && status !== SUCCESS) {
      checks.add(
        'The identity provider reports a successful sign-in',
        false,
        'idpRefused',
        `Status ${status || 'missing'}`,
      );
      return fail();
    }
    shape = checkResponseShape(document);
    checks.add('The response is a well-formed SAML response with one assertion', true, 'malformedResponse');
  } catch (error) {
    if (!(error instanceof SamlXmlError)) throw error;
    const unsafe = error.refusal === 'unsafe';
    checks.add(
      unsafe
        ? 'The response has no DOCTYPE or entity declarations'
        : 'The response is a well-formed SAML response with one assertion',
      false,
      unsafe ? 'unsafeResponse' : 'malformedResponse',
      error.message,
    );
    return fail();
  }
  const { response, assertion } = shape;
  checks.add('The identity provider reports a successful sign-in', true, 'idpRefused');

  const signed = {
    response: shape.responseSignature !== undefined,
    assertion: shape.assertionSignature !== undefined,
  };
  // At least one of the two is always required, whatever the configuration says.
  const wanted: Array<keyof typeof signed> = [
    ...(connection.wantResponseSigned ? (['response'] as const) : []),
    ...(connection.wantAssertionsSigned || !connection.wantResponseSigned ? (['assertion'] as const) : []),
  ];
  const missing = wanted.filter((part) => !signed[part]);
  const signedName =
    wanted.length === 2
      ? "The response and the assertion carry the identity provider's signature"
      : `The ${wanted[0] ?? 'assertion'} carries the identity provider's signature`;
  if (
    !checks.add(
      signedName,
      missing.length === 0,
      'invalidSignature',
      missing.length ? `The ${missing.join(' and the ')} is not signed` : undefined,
    )
  )
    return fail();

  if (connection.idpCertificates.length === 0) {
    checks.add(
      "The response is signed by the identity provider's certificate",
      false,
      'invalidSignature',
      'The configuration has no IdP certificate',
    );
    return fail();
  }
  const verified = await verifiedAssertion(input.samlResponse, connection, sp);
  if (
    !checks.add(
      "The response is signed by the identity provider's certificate",
      'profile' in verified,
      'invalidSignature',
      'error' in verified ? verified.error : undefined,
    )
  )
    return fail();
  if (!('profile' in verified)) return fail();

  // From here on, every value is read from what the signature covers: the verified assertion.
  let signedAssertion: Element;
  try {
    const root = parseXml(verified.assertionXml).documentElement;
    if (!root || root.localName !== 'Assertion' || root.namespaceURI !== SAML_ASSERTION_NS)
      throw new SamlXmlError('malformed', 'no assertion');
    signedAssertion = root;
  } catch {
    checks.add('The signed part holds the assertion', false, 'invalidSignature');
    return fail();
  }
  if (
    !checks.add(
      'The signed part holds the assertion',
      signedAssertion.getAttribute('ID') === assertion.getAttribute('ID'),
      'invalidSignature',
    )
  )
    return fail();

  const subject = firstChild(signedAssertion, SAML_ASSERTION_NS, 'Subject');
  const nameIdElement = subject && firstChild(subject, SAML_ASSERTION_NS, 'NameID');
  const nameId = nameIdElement ? wholeText(nameIdElement) : '';
  const nameIdFormat = nameIdElement?.getAttribute('Format') || undefined;
  received.nameId = nameId;
  if (nameIdFormat) received.nameIdFormat = nameIdFormat;
  received.attributes = attributesOf(signedAssertion);
  // A comment inside the NameID, or a value other than the library read, is a tampered document.
  const nameIdIntact =
    nameIdElement !== undefined &&
    nameId !== '' &&
    !hasCommentInside(nameIdElement) &&
    verified.profile.nameID === nameId;
  if (
    !checks.add(
      'The assertion names the person (NameID)',
      nameIdIntact,
      'invalidResponse',
      nameIdIntact ? nameId : nameIdElement ? 'The NameID is empty or split by a comment' : 'No NameID',
    )
  )
    return fail();

  const expectedIssuer = connection.idpEntityId?.trim();
  const issuers = [
    firstChild(signedAssertion, SAML_ASSERTION_NS, 'Issuer'),
    firstChild(response, SAML_ASSERTION_NS, 'Issuer'),
  ].flatMap((element) => (element ? [wholeText(element)] : []));
  const issuerOk =
    Boolean(expectedIssuer) && issuers.length > 0 && issuers.every((issuer) => issuer === expectedIssuer);
  checks.add(
    "The response comes from the configuration's identity provider (issuer)",
    issuerOk,
    'invalidResponse',
    issuerOk
      ? undefined
      : `Issuer ${issuers[0] ?? 'missing'}, expected ${expectedIssuer || 'an IdP entity ID in the configuration'}`,
  );

  const conditions = firstChild(signedAssertion, SAML_ASSERTION_NS, 'Conditions');
  const audiences = conditions
    ? childElements(conditions, SAML_ASSERTION_NS, 'AudienceRestriction').map((restriction) =>
        childElements(restriction, SAML_ASSERTION_NS, 'Audience').map(wholeText),
      )
    : [];
  // Every AudienceRestriction must name us (SAML core 2.5.1.4).
  const audienceOk = audiences.length > 0 && audiences.every((names) => names.includes(sp.entityId));
  checks.add(
    'The assertion is meant for this service (audience)',
    audienceOk,
    'invalidResponse',
    audienceOk ? undefined : `Audience ${audiences.flat().join(', ') || 'missing'}, expected ${sp.entityId}`,
  );

  const destination = response.getAttribute('Destination');
  // A signed response must name where it is going (SAML bindings 3.5.5.2); an unsigned one may not say.
  const destinationOk = destination ? destination === sp.acsUrl : !signed.response;
  checks.add(
    'The response is addressed to this service (destination)',
    destinationOk,
    'invalidResponse',
    destinationOk ? undefined : `Destination ${destination || 'missing'}, expected ${sp.acsUrl}`,
  );

  const bearer = subject
    ? childElements(subject, SAML_ASSERTION_NS, 'SubjectConfirmation').find(
        (element) => element.getAttribute('Method') === BEARER,
      )
    : undefined;
  const confirmation = bearer && firstChild(bearer, SAML_ASSERTION_NS, 'SubjectConfirmationData');
  const recipient = confirmation?.getAttribute('Recipient');
  checks.add(
    'The assertion is to be delivered to this service (recipient)',
    recipient === sp.acsUrl,
    'invalidResponse',
    recipient === sp.acsUrl ? undefined : `Recipient ${recipient || 'missing'}, expected ${sp.acsUrl}`,
  );

  const nowMs = now.getTime();
  const windows: Array<{
    name: string;
    notBefore?: string | null;
    notOnOrAfter?: string | null;
    required: boolean;
  }> = [
    {
      name: 'The assertion is valid now (conditions)',
      notBefore: conditions?.getAttribute('NotBefore'),
      notOnOrAfter: conditions?.getAttribute('NotOnOrAfter'),
      required: false,
    },
    {
      name: 'The sign-in is recent (subject confirmation)',
      notBefore: confirmation?.getAttribute('NotBefore'),
      notOnOrAfter: confirmation?.getAttribute('NotOnOrAfter'),
      required: true,
    },
  ];
  const ends: Date[] = [];
  for (const window of windows) {
    const notBefore = parseInstant(window.notBefore);
    const notOnOrAfter = parseInstant(window.notOnOrAfter);
    let detail: string | undefined;
    if (notBefore === 'invalid' || notOnOrAfter === 'invalid') detail = 'A time is not a valid date';
    else if (window.required && !notOnOrAfter) detail = 'No NotOnOrAfter';
    else if (notBefore && nowMs + CLOCK_SKEW_MS < notBefore.getTime())
      detail = `Not valid before ${notBefore.toISOString()}`;
    else if (notOnOrAfter && nowMs - CLOCK_SKEW_MS >= notOnOrAfter.getTime())
      detail = `Expired at ${notOnOrAfter.toISOString()}`;
    if (notOnOrAfter instanceof Date) ends.push(notOnOrAfter);
    checks.add(window.name, detail === undefined, 'responseExpired', detail);
  }

  const answered = [response.getAttribute('InResponseTo'), confirmation?.getAttribute('InResponseTo')].filter(
    (value): value is string => Boolean(value),
  );
  const inResponseToOk =
    input.inResponseTo === null
      ? answered.length === 0
      : answered.length > 0 && answered.every((value) => value === input.inResponseTo);
  checks.add(
    input.inResponseTo === null
      ? 'The response is unsolicited (started at the identity provider)'
      : 'The response answers the sign-in started here (InResponseTo)',
    inResponseToOk,
    'unknownRequest',
    inResponseToOk ? undefined : `InResponseTo ${answered.join(', ') || 'missing'}`,
  );

  const profile = profileOf(nameId, nameIdFormat, received.attributes, connection.attributeMapping);
  checks.add(
    'The response carries the email address',
    profile !== undefined,
    'noEmail',
    profile?.email ?? 'No email attribute, and the NameID is not an email address',
  );

  if (checks.firstFailure || !profile) return fail();
  // Kept against replay as long as any of its windows would still accept it.
  const validUntil = new Date(Math.max(...ends.map((end) => end.getTime())) + CLOCK_SKEW_MS);
  return {
    ok: true,
    checks: checks.list,
    ...received,
    profile,
    assertion: { id: assertion.getAttribute('ID') ?? '', validUntil },
  };
}

/** The top status code of a Response root: '' when it has none, undefined when the root is no Response. */
function statusOf(root: Element | null): string | undefined {
  if (!root || root.namespaceURI !== SAML_PROTOCOL_NS || root.localName !== 'Response') return undefined;
  const status = firstChild(root, SAML_PROTOCOL_NS, 'Status');
  const code = status && firstChild(status, SAML_PROTOCOL_NS, 'StatusCode');
  return code?.getAttribute('Value') ?? '';
}

/**
 * What a response says about where it belongs, read before any check (nothing here is trusted): the
 * AuthnRequest it answers, and its issuer. Throws SamlXmlError when it cannot be read at all.
 */
export function peekSamlResponse(samlResponse: string): {
  inResponseTo: string | null;
  issuer: string | null;
} {
  const response = parseXml(decodeSamlResponse(samlResponse)).documentElement;
  if (!response || response.namespaceURI !== SAML_PROTOCOL_NS || response.localName !== 'Response')
    throw new SamlXmlError('malformed', 'The document is not a SAML Response');
  const assertion = firstChild(response, SAML_ASSERTION_NS, 'Assertion');
  const subject = assertion && firstChild(assertion, SAML_ASSERTION_NS, 'Subject');
  const confirmationData = subject
    ? childElements(subject, SAML_ASSERTION_NS, 'SubjectConfirmation').flatMap((element) =>
        childElements(element, SAML_ASSERTION_NS, 'SubjectConfirmationData'),
      )
    : [];
  const inResponseTo =
    response.getAttribute('InResponseTo') ||
    confirmationData.map((data) => data.getAttribute('InResponseTo')).find(Boolean) ||
    null;
  const issuerElement =
    firstChild(response, SAML_ASSERTION_NS, 'Issuer') ??
    (assertion && firstChild(assertion, SAML_ASSERTION_NS, 'Issuer'));
  return { inResponseTo, issuer: issuerElement ? wholeText(issuerElement) : null };
}
