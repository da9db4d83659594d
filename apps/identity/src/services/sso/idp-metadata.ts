import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { appError, errorCatalogue } from '../../errors.js';

// Issue 13: the SAML identity provider's metadata document an administrator uploads (or names by URL):
// its entity id, single sign-on address and signing certificates fill a connection.

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** Larger than any IdP's metadata (a federation's aggregate is not an IdP's own document). */
export const MAX_METADATA_BYTES = 1_000_000;

export interface IdpMetadata {
  entityId: string;
  ssoEndpoint: string;
  /** Base64 DER bodies, without PEM armour or whitespace. */
  certificates: string[];
}

/**
 * A certificate as administrators paste it (PEM, or the bare base64 body) → the bare body; refused
 * when it is not an X.509 certificate.
 */
export function certificateBodyOf(text: string): string {
  const body = text
    .replace(/-----BEGIN CERTIFICATE-----/g, '')
    .replace(/-----END CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  try {
    new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    throw appError(errorCatalogue.sso.invalidConfiguration, 'publicCertificate is not an X.509 certificate');
  }
  return body;
}

const elementsNS = (parent: Element, ns: string, name: string): Element[] =>
  Array.from(parent.getElementsByTagNameNS(ns, name));

/**
 * Reads an IdP's metadata. A DOCTYPE (and with it any entity declaration) is refused before parsing:
 * metadata never needs one, and entities are how XML bombs and external-entity reads get in.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const invalid = (why: string) => appError(errorCatalogue.sso.invalidMetadata, `The IdP metadata ${why}`);
  if (xml.length > MAX_METADATA_BYTES) throw invalid('is too large');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw appError(errorCatalogue.sso.unsafeMetadata);
  let failure: string | undefined;
  const document = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: (message: string) => (failure ??= message),
      fatalError: (message: string) => (failure ??= message),
    },
  }).parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (failure || !root) throw invalid('is not well-formed XML');

  // An EntityDescriptor of its own, or the first one with an IdP role inside an EntitiesDescriptor.
  const descriptors =
    root.namespaceURI === MD && root.localName === 'EntityDescriptor'
      ? [root]
      : elementsNS(root, MD, 'EntityDescriptor');
  const entity = descriptors.find((candidate) => elementsNS(candidate, MD, 'IDPSSODescriptor').length > 0);
  const idp = entity ? elementsNS(entity, MD, 'IDPSSODescriptor')[0] : undefined;
  if (!entity || !idp) throw invalid('has no EntityDescriptor with an IDPSSODescriptor');
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) throw invalid('has no entityID');

  const services = elementsNS(idp, MD, 'SingleSignOnService');
  const byBinding = (binding: string) =>
    services
      .find((service) => service.getAttribute('Binding') === binding)
      ?.getAttribute('Location')
      ?.trim();
  const ssoEndpoint = byBinding(REDIRECT) || byBinding(POST);
  if (!ssoEndpoint) throw invalid('has no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding');
  try {
    const url = new URL(ssoEndpoint);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
  } catch {
    throw invalid('has a SingleSignOnService location that is not an http(s) address');
  }

  // Signing keys: those marked use="signing" and those without a use (good for both).
  const certificates = elementsNS(idp, MD, 'KeyDescriptor')
    .filter((key) => {
      const use = key.getAttribute('use');
      return !use || use === 'signing';
    })
    .flatMap((key) => elementsNS(key, DS, 'X509Certificate'))
    .map((certificate) => (certificate.textContent ?? '').replace(/\s+/g, ''))
    .filter((body) => body !== '');
  if (certificates.length === 0) throw invalid('has no signing certificate');
  for (const body of certificates) {
    try {
      new X509Certificate(Buffer.from(body, 'base64'));
    } catch {
      throw invalid('has a signing certificate that is not an X.509 certificate');
    }
  }
  return { entityId, ssoEndpoint, certificates: [...new Set(certificates)] };
}
