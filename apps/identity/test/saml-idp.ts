// A real SAML identity provider for the tests (samlify): it reads our AuthnRequests as an IdP does
// (schema-validated, signature checked against the certificate in our SP metadata) and signs its
// responses (RSA-SHA256, exclusive canonicalisation) for our assertion consumer. The wrapping attacks
// (XSW1–XSW8, after the taxonomy of "On Breaking SAML", USENIX Security 2012) are built from those
// signed documents.
import { randomUUID } from 'node:crypto';
import * as xmllint from '@authenio/samlify-node-xmllint';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as samlify from 'samlify';
import { generateSpKey, type SpKey } from '../src/auth/methods/saml/sp-keys.js';

samlify.setSchemaValidator(xmllint);

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const STATUS_SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
export const STATUS_RESPONDER = 'urn:oasis:names:tc:SAML:2.0:status:Responder';
export const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface SpAddresses {
  entityId: string;
  acsUrl: string;
}

export interface ResponseOptions {
  nameId: string;
  nameIdFormat?: string;
  attributes?: Record<string, string | string[]>;
  /** The AuthnRequest answered; none: unsolicited (IdP-initiated). */
  inResponseTo?: string;
  /** The IdP's clock (the test clock's now). */
  now: Date;
  lifetimeSeconds?: number;
  audience?: string;
  recipient?: string;
  destination?: string;
  issuer?: string;
  status?: string;
  /** What the IdP signs: the assertion (the default), the whole response, or both. */
  sign?: 'assertion' | 'response' | 'both';
  assertionId?: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface TestIdp {
  entityId: string;
  ssoUrl: string;
  /** PEM. */
  certificate: string;
  /** The certificate's base64 body, as an administrator pastes it. */
  certificateBody: string;
  /** Reads an AuthnRequest sent with the HTTP-Redirect binding, as the IdP does. */
  readAuthnRequest(
    url: string,
  ): Promise<{ id: string; relayState: string | null; acsUrl: string | undefined }>;
  /** The response XML, unsigned. */
  render(options: ResponseOptions): string;
  /** A signed SAMLResponse, base64 as posted. */
  respond(options: ResponseOptions): Promise<string>;
}

export async function createTestIdp(options: {
  sp: SpAddresses;
  /** Our SP metadata, for checking signed AuthnRequests. */
  spMetadata?: string;
  entityId?: string;
  key?: SpKey;
}): Promise<TestIdp> {
  const entityId = options.entityId ?? `https://idp-${randomUUID().slice(0, 8)}.example/saml`;
  const ssoUrl = `${entityId.replace(/\/saml$/, '')}/sso`;
  const key = options.key ?? (await generateSpKey('idp.example', new Date(Date.now() - 60_000)));
  const certificateBody = key.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');
  const settings = {
    entityID: entityId,
    privateKey: key.privateKey,
    signingCert: key.certificate,
    isAssertionEncrypted: false,
    requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    singleSignOnService: [
      { Binding: REDIRECT, Location: ssoUrl },
      { Binding: POST, Location: ssoUrl },
    ],
  };
  const idp = samlify.IdentityProvider(settings);
  // A signed AuthnRequest is always checked (against the certificate of our metadata).
  const signatureChecker = samlify.IdentityProvider({ ...settings, wantAuthnRequestsSigned: true });
  // How the IdP sees us: from our own metadata when given (its certificate checks signed requests).
  const requestReader = options.spMetadata
    ? samlify.ServiceProvider({ metadata: options.spMetadata })
    : samlify.ServiceProvider({
        entityID: options.sp.entityId,
        assertionConsumerService: [{ Binding: POST, Location: options.sp.acsUrl }],
      });
  const signers = {
    assertion: samlify.ServiceProvider({
      entityID: options.sp.entityId,
      assertionConsumerService: [{ Binding: POST, Location: options.sp.acsUrl }],
      wantAssertionsSigned: true,
      wantMessageSigned: false,
    }),
    response: samlify.ServiceProvider({
      entityID: options.sp.entityId,
      assertionConsumerService: [{ Binding: POST, Location: options.sp.acsUrl }],
      wantAssertionsSigned: false,
      wantMessageSigned: true,
    }),
    both: samlify.ServiceProvider({
      entityID: options.sp.entityId,
      assertionConsumerService: [{ Binding: POST, Location: options.sp.acsUrl }],
      wantAssertionsSigned: true,
      wantMessageSigned: true,
    }),
  };

  const render = (response: ResponseOptions): string => {
    const now = response.now;
    const end = new Date(now.getTime() + (response.lifetimeSeconds ?? 300) * 1000).toISOString();
    const issued = now.toISOString();
    const issuer = escapeXml(response.issuer ?? entityId);
    const inResponseTo = response.inResponseTo ? ` InResponseTo="${escapeXml(response.inResponseTo)}"` : '';
    const attributes = Object.entries(response.attributes ?? {})
      .map(
        ([name, values]) =>
          `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">` +
          (Array.isArray(values) ? values : [values])
            .map(
              (value) =>
                `<saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue>`,
            )
            .join('') +
          '</saml:Attribute>',
      )
      .join('');
    return (
      `<samlp:Response xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="_${randomUUID()}" Version="2.0" ` +
      `IssueInstant="${issued}" Destination="${escapeXml(response.destination ?? options.sp.acsUrl)}"${inResponseTo}>` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="${response.status ?? STATUS_SUCCESS}"/></samlp:Status>` +
      `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ` +
      `ID="${response.assertionId ?? `_${randomUUID()}`}" Version="2.0" IssueInstant="${issued}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      '<saml:Subject>' +
      `<saml:NameID Format="${response.nameIdFormat ?? EMAIL_FORMAT}">${escapeXml(response.nameId)}</saml:NameID>` +
      '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
      `<saml:SubjectConfirmationData NotOnOrAfter="${end}" Recipient="${escapeXml(response.recipient ?? options.sp.acsUrl)}"${inResponseTo}/>` +
      '</saml:SubjectConfirmation>' +
      '</saml:Subject>' +
      `<saml:Conditions NotBefore="${issued}" NotOnOrAfter="${end}">` +
      `<saml:AudienceRestriction><saml:Audience>${escapeXml(response.audience ?? options.sp.entityId)}</saml:Audience></saml:AudienceRestriction>` +
      '</saml:Conditions>' +
      `<saml:AuthnStatement AuthnInstant="${issued}" SessionIndex="_${randomUUID()}">` +
      '<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>' +
      '</saml:AuthnStatement>' +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
      '</saml:Assertion>' +
      '</samlp:Response>'
    );
  };

  return {
    entityId,
    ssoUrl,
    certificate: key.certificate,
    certificateBody,
    async readAuthnRequest(url) {
      const address = new URL(url);
      const raw = address.search.slice(1).split('&');
      const part = (name: string) => raw.find((entry) => entry.startsWith(`${name}=`));
      // The signed octets of the Redirect binding: the parameters as sent, in this order.
      const octetString = ['SAMLRequest', 'RelayState', 'SigAlg']
        .map(part)
        .filter((entry): entry is string => entry !== undefined)
        .join('&');
      const query = Object.fromEntries(address.searchParams);
      const reader = address.searchParams.has('Signature') ? signatureChecker : idp;
      const { extract } = await reader.parseLoginRequest(requestReader, 'redirect', { query, octetString });
      const request = extract.request as { id?: string; assertionConsumerServiceUrl?: string } | undefined;
      if (!request?.id) throw new Error('the IdP read no AuthnRequest id');
      return {
        id: request.id,
        relayState: address.searchParams.get('RelayState'),
        acsUrl: request.assertionConsumerServiceUrl,
      };
    },
    render,
    async respond(response) {
      const xml = render(response);
      // Unsolicited as far as samlify knows: the InResponseTo is already in the rendered XML.
      const { context } = await idp.createLoginResponse(
        signers[response.sign ?? 'assertion'],
        { extract: {} },
        'post',
        {},
        () => ({
          id: '',
          context: xml,
        }),
      );
      return context;
    },
  };
}

export const toBase64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
export const fromBase64 = (posted: string) => Buffer.from(posted, 'base64').toString('utf8');

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const serialize = (node: Node) => new XMLSerializer().serializeToString(node);

function only(parent: Document | Element, namespace: string, localName: string): Element {
  const found = parent.getElementsByTagNameNS(namespace, localName);
  const element = found.item(0);
  if (!element) throw new Error(`no ${localName}`);
  return element;
}

/** A copy of the assertion saying someone else signed in: the attacker's goal in every variant. */
function evilAssertion(original: Element, evilNameId: string): Element {
  const evil = original.cloneNode(true) as Element;
  evil.setAttribute('ID', `_evil-${randomUUID()}`);
  const signature = evil.getElementsByTagNameNS(DSIG, 'Signature').item(0);
  if (signature) evil.removeChild(signature);
  const nameId = only(evil, ASSERTION, 'NameID');
  while (nameId.firstChild) nameId.removeChild(nameId.firstChild);
  nameId.appendChild(evil.ownerDocument.createTextNode(evilNameId));
  return evil;
}

function directChild(parent: Element, namespace: string, localName: string): Element | undefined {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (
      node.nodeType === 1 &&
      (node as Element).namespaceURI === namespace &&
      (node as Element).localName === localName
    )
      return node as Element;
  }
  return undefined;
}

export type WrappingAttack = 'XSW1' | 'XSW2' | 'XSW3' | 'XSW4' | 'XSW5' | 'XSW6' | 'XSW7' | 'XSW8';

/**
 * The eight classic signature wrapping variants of a signed response (base64 in and out): each keeps
 * the IdP's valid signature over the original element while putting an evil assertion where a careless
 * consumer reads. XSW1 and XSW2 need a signed Response; XSW3 to XSW8 a signed Assertion.
 */
export function wrappingAttack(signedResponse: string, attack: WrappingAttack, evilNameId: string): string {
  const document = parse(fromBase64(signedResponse));
  const response = document.documentElement as unknown as Element;
  const assertion = only(document, ASSERTION, 'Assertion');
  switch (attack) {
    case 'XSW1':
    case 'XSW2': {
      // The signed Response moves into (XSW1) or beside (XSW2) its signature; the root becomes an
      // unsigned evil Response with a new id.
      const signature = directChild(response, DSIG, 'Signature');
      if (!signature) throw new Error('XSW1 and XSW2 need a signed response');
      const original = response.cloneNode(true) as Element;
      const originalSignature = directChild(original, DSIG, 'Signature');
      if (originalSignature) original.removeChild(originalSignature);
      response.setAttribute('ID', `_evil-${randomUUID()}`);
      response.replaceChild(evilAssertion(assertion, evilNameId), assertion);
      if (attack === 'XSW1') signature.appendChild(original);
      else response.insertBefore(original, signature);
      break;
    }
    case 'XSW3':
      // An evil assertion before the signed one.
      response.insertBefore(evilAssertion(assertion, evilNameId), assertion);
      break;
    case 'XSW4': {
      // The signed assertion wrapped inside the evil one.
      const evil = evilAssertion(assertion, evilNameId);
      response.replaceChild(evil, assertion);
      evil.appendChild(assertion);
      break;
    }
    case 'XSW5':
    case 'XSW6':
    case 'XSW8': {
      // The evil assertion keeps the signature; the original goes to the end of the response (XSW5),
      // inside the signature (XSW6), or inside an Object of the signature without its own (XSW8).
      const signature = directChild(assertion, DSIG, 'Signature');
      if (!signature) throw new Error('XSW5, XSW6 and XSW8 need a signed assertion');
      const evil = evilAssertion(assertion, evilNameId);
      const evilIssuer = only(evil, ASSERTION, 'Issuer');
      const movedSignature = signature.cloneNode(true) as Element;
      evil.insertBefore(movedSignature, evilIssuer.nextSibling);
      const original = assertion.cloneNode(true) as Element;
      response.replaceChild(evil, assertion);
      if (attack === 'XSW5') response.appendChild(original);
      else if (attack === 'XSW6') movedSignature.appendChild(original);
      else {
        const originalSignature = directChild(original, DSIG, 'Signature');
        if (originalSignature) original.removeChild(originalSignature);
        const object = document.createElementNS(DSIG, 'ds:Object');
        object.appendChild(original);
        movedSignature.appendChild(object);
      }
      break;
    }
    case 'XSW7': {
      // An Extensions element holding an evil assertion, before the untouched signed one.
      const extensions = document.createElementNS(PROTOCOL, 'samlp:Extensions');
      extensions.appendChild(evilAssertion(assertion, evilNameId));
      response.insertBefore(extensions, only(document, PROTOCOL, 'Status'));
      break;
    }
  }
  return toBase64(serialize(document));
}
