import { randomUUID } from 'node:crypto';
import { generateSpKey, certificateBody } from '../../../src/auth/methods/saml/sp-keys.js';
import type { SsoConnectionRow } from '../../../src/auth/federated/types.js';
import { ssoConnections, ssoDomains, ssoGroupMappings } from '../../../src/db/schema/index.js';
import type { TestServer } from '../../harness.js';

/** A self-signed certificate's base64 body, as IdP metadata carries it (generated once per file). */
let certificate: Promise<string> | undefined;
export const idpCertificate = () =>
  (certificate ??= generateSpKey('idp.example.test', new Date()).then((key) =>
    certificateBody(key.certificate),
  ));

/** A unique domain under .test (never a public email provider's). */
export const uniqueDomain = (label = 'corp') => `${label}-${randomUUID().slice(0, 8)}.test`;

/** An IdP's metadata document, as Okta or Azure publish it. */
export const idpMetadataXml = (options: {
  entityId: string;
  ssoUrl: string;
  certificate: string;
  binding?: string;
}) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${options.entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data><ds:X509Certificate>${options.certificate.replace(/.{1,64}/g, '$&\n')}</ds:X509Certificate></ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    <md:KeyDescriptor use="encryption">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>not-a-signing-key</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="${options.binding ?? 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST'}" Location="${options.ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

/** A SAML connection of `tenantId` with one validated domain, written straight to the database. */
export async function createValidatedConnection(
  server: TestServer,
  tenantId: string,
  options: {
    domain?: string;
    roleIds?: string[];
    groups?: { group: string; roleIds: string[] }[];
    enabled?: boolean;
  } = {},
): Promise<{ connection: SsoConnectionRow; domain: string }> {
  const domain = options.domain ?? uniqueDomain();
  const [connection] = await server.db
    .insert(ssoConnections)
    .values({
      tenantId,
      protocol: 'saml',
      type: 'saml',
      enabled: options.enabled ?? true,
      idpEntityId: `https://idp.${domain}/entity`,
      ssoEndpoint: `https://idp.${domain}/sso`,
      idpCertificates: [await idpCertificate()],
      roleIds: options.roleIds ?? [],
    })
    .returning();
  if (!connection) throw new Error('no connection');
  await server.db.insert(ssoDomains).values({
    connectionId: connection.id,
    tenantId,
    domain,
    validated: true,
    txtRecord: 'brizo-sso-verification=test',
    validatedAt: new Date(),
  });
  for (const group of options.groups ?? [])
    await server.db.insert(ssoGroupMappings).values({ connectionId: connection.id, ...group });
  return { connection, domain };
}
