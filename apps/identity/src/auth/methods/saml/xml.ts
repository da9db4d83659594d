// Reading what an identity provider posts, before anything trusts it: the size and the base64, no
// DTD (entity expansion, external entities), a well-formed document, and a shape with a single
// response and a single assertion, so that a signature can only ever cover the assertion we read.
// The DOM types (Document, Element, Node) are lib.dom's, which @xmldom/xmldom's typings bring in.
import { DOMParser } from '@xmldom/xmldom';

export const SAML_PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
export const SAML_ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
export const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** A SAMLResponse as posted (base64) may not be larger: real ones are a few kilobytes. */
export const MAX_SAML_RESPONSE_CHARS = 200_000;

export type XmlRefusal = 'malformed' | 'unsafe';

export class SamlXmlError extends Error {
  override name = 'SamlXmlError';
  constructor(
    readonly refusal: XmlRefusal,
    message: string,
  ) {
    super(message);
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The posted base64 as text; refuses what is not base64 of UTF-8 XML of a sane size. */
export function decodeSamlResponse(posted: string): string {
  if (posted.length > MAX_SAML_RESPONSE_CHARS)
    throw new SamlXmlError('malformed', 'The response is too large');
  // IdPs wrap base64 at 64 or 76 characters.
  const compact = posted.replace(/[\r\n\t ]+/g, '');
  if (compact === '' || compact.length % 4 !== 0 || !BASE64.test(compact))
    throw new SamlXmlError('malformed', 'The response is not base64');
  const bytes = Buffer.from(compact, 'base64');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD') || text.includes('\u0000'))
    throw new SamlXmlError('malformed', 'The response is not UTF-8 text');
  assertNoDtd(text);
  return text;
}

/**
 * Any `<!` but a comment or CDATA is a declaration (DOCTYPE, ENTITY, ELEMENT, ATTLIST): SAML never
 * needs one, and entities are how billion-laughs and external-entity attacks start. Checked on the
 * text before any parser sees it.
 */
export function assertNoDtd(xml: string): void {
  for (const match of xml.matchAll(/<!/g)) {
    const rest = xml.slice(match.index + 2, match.index + 9);
    if (!rest.startsWith('--') && !rest.startsWith('[CDATA['))
      throw new SamlXmlError('unsafe', 'The response contains a DOCTYPE or entity declaration');
  }
}

/** A well-formed document, or a refusal: every parser error or warning counts. */
export function parseXml(xml: string): Document {
  const problems: string[] = [];
  const parser = new DOMParser({
    errorHandler: {
      warning: (message: string) => problems.push(message),
      error: (message: string) => problems.push(message),
      fatalError: (message: string) => problems.push(message),
    },
  });
  let document: Document | undefined;
  try {
    document = parser.parseFromString(xml, 'text/xml');
  } catch (error) {
    problems.push(error instanceof Error ? error.message : 'unreadable');
  }
  if (!document?.documentElement || problems.length > 0)
    throw new SamlXmlError('malformed', 'The response is not well-formed XML');
  return document;
}

export const isElement = (node: Node | null | undefined): node is Element => node?.nodeType === 1;

export function childElements(parent: Node, namespace: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (isElement(child) && child.namespaceURI === namespace && child.localName === localName)
      found.push(child);
  }
  return found;
}

export const firstChild = (parent: Node, namespace: string, localName: string): Element | undefined =>
  childElements(parent, namespace, localName)[0];

/**
 * The whole text of an element, every text node joined. A comment splits a text into two nodes, and
 * libraries that read only the first one turn `a@corp.example<!---->.evil.com` into `a@corp.example`
 * (the signature, canonicalised without comments, still verifies): the whole text is the value.
 */
export function wholeText(element: Element): string {
  let text = '';
  const visit = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3 || child.nodeType === 4) text += child.nodeValue ?? '';
      else if (isElement(child)) visit(child);
    }
  };
  visit(element);
  return text.trim();
}

/** Whether the element's text is split by a comment (a sign of tampering in a NameID or a value). */
export function hasCommentInside(element: Element): boolean {
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 8) return true;
    if (isElement(child) && hasCommentInside(child)) return true;
  }
  return false;
}

function allElements(document: Document): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (isElement(child)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(document);
  return found;
}

/** The parts of a response whose shape was checked: the root Response and its one Assertion. */
export interface ResponseShape {
  response: Element;
  assertion: Element;
  responseSignature: Element | undefined;
  assertionSignature: Element | undefined;
}

/**
 * Refuses any shape but the plain one: the root is the protocol's Response; the document holds one
 * Response and one Assertion in all (in any namespace, anywhere: wrapping attacks hide a second one
 * in an Extensions, an Object or a copy); the Assertion is the Response's child; signatures sit only
 * right inside those two, one each; and no two elements share an id (a signature points at its
 * element by id, so a duplicate is how a wrapped copy gets verified in place of what is read).
 */
export function checkResponseShape(document: Document): ResponseShape {
  const response = document.documentElement;
  if (!response || response.namespaceURI !== SAML_PROTOCOL_NS || response.localName !== 'Response')
    throw new SamlXmlError('malformed', 'The document is not a SAML Response');
  const elements = allElements(document);
  const named = (localName: string) => elements.filter((element) => element.localName === localName);
  if (named('Response').length !== 1)
    throw new SamlXmlError('malformed', 'The document holds more than one Response');
  if (named('EncryptedAssertion').length > 0)
    throw new SamlXmlError(
      'malformed',
      'Encrypted assertions are not accepted: turn off assertion encryption',
    );
  const assertions = named('Assertion');
  if (assertions.length !== 1)
    throw new SamlXmlError(
      'malformed',
      assertions.length === 0
        ? 'The response holds no assertion'
        : 'The response holds more than one assertion',
    );
  const [assertion] = assertions as [Element];
  if (
    assertion.parentNode !== response ||
    assertion.namespaceURI !== SAML_ASSERTION_NS ||
    !assertion.getAttribute('ID')
  )
    throw new SamlXmlError('malformed', 'The assertion is not where a SAML response keeps it');
  const signatures = named('Signature');
  const responseSignatures = childElements(response, XMLDSIG_NS, 'Signature');
  const assertionSignatures = childElements(assertion, XMLDSIG_NS, 'Signature');
  if (
    responseSignatures.length > 1 ||
    assertionSignatures.length > 1 ||
    signatures.length !== responseSignatures.length + assertionSignatures.length
  )
    throw new SamlXmlError('malformed', 'A signature is somewhere a SAML response does not keep one');
  const ids = new Set<string>();
  for (const element of elements) {
    for (const name of ['ID', 'Id', 'id']) {
      const id = element.getAttribute(name);
      if (!id) continue;
      if (ids.has(id)) throw new SamlXmlError('malformed', 'Two elements of the response share an id');
      ids.add(id);
    }
  }
  return {
    response,
    assertion,
    responseSignature: responseSignatures[0],
    assertionSignature: assertionSignatures[0],
  };
}
