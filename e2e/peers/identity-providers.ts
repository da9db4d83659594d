// The identity providers the browser journeys sign in at (issue 13), each a real protocol peer with a
// sign-in page a person fills in:
// - a SAML IdP (samlify, the server tests' IdP) reading our AuthnRequests and posting signed responses
//   to our assertion consumer, or starting sign-ins itself (IdP-initiated);
// - an OpenID provider (oidc-provider) with one client for SSO and one standing in for Google;
// - a DNS server answering the TXT records that prove a domain, which the journeys set through the
//   control address.
// scripts/e2e-server.mjs starts it before the identity server and points the server at it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createTestIdp, EMAIL_FORMAT } from '../../apps/identity/test/saml-idp';
import { startOidcProvider } from '../../apps/identity/test/oidc-provider';
import { startTestDnsServer } from '../../apps/identity/test/dns-server';
import {
  DNS_PORT,
  E2E_BASE_URL,
  OIDC_PROVIDER_PORT,
  OIDC_SOCIAL_CLIENT,
  OIDC_SSO_CLIENT,
  PEERS_CONTROL_PORT,
  SAML_IDP_PORT,
  SAML_IDP_URL,
} from '../support/env';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

const sendHtml = (response: ServerResponse, status: number, html: string) =>
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);

/** The HTTP-POST binding: a page that posts the signed response to our assertion consumer. */
const postToAcs = (acsUrl: string, samlResponse: string, relayState: string | null) =>
  page(
    'Signing you in',
    `<form id="saml" method="post" action="${escapeHtml(acsUrl)}">` +
      `<input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}">` +
      (relayState ? `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">` : '') +
      '<button type="submit">Continue</button></form>' +
      '<script>document.getElementById("saml").submit()</script>',
  );

async function startSamlIdp() {
  const sp = {
    entityId: `${E2E_BASE_URL}/frontegg/saml/metadata`,
    acsUrl: `${E2E_BASE_URL}/frontegg/auth/saml/callback`,
  };
  const idp = await createTestIdp({ sp, entityId: `${SAML_IDP_URL}/saml` });
  const metadata =
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeHtml(idp.entityId)}">` +
    '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">' +
    '<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>' +
    `<ds:X509Certificate>${idp.certificateBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:NameIDFormat>${EMAIL_FORMAT}</md:NameIDFormat>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeHtml(idp.ssoUrl)}"/>` +
    '</md:IDPSSODescriptor></md:EntityDescriptor>';

  const signInForm = (fields: Record<string, string>) =>
    page(
      'Sign in to the test SAML IdP',
      '<form method="post" action="/sso">' +
        Object.entries(fields)
          .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
          .join('') +
        '<label>Email <input name="email" type="email" autocomplete="username" required></label> ' +
        '<label>Groups <input name="groups" placeholder="comma-separated"></label> ' +
        '<button type="submit">Sign in</button></form>',
    );

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', SAML_IDP_URL);
      if (request.method === 'GET' && url.pathname === '/saml/metadata') {
        response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadata);
      } else if (request.method === 'GET' && url.pathname === '/sso') {
        // SP-initiated: the AuthnRequest is read (and its signature checked) as a real IdP does.
        const authnRequest = await idp.readAuthnRequest(url.href);
        sendHtml(
          response,
          200,
          signInForm({ requestId: authnRequest.id, relayState: authnRequest.relayState ?? '' }),
        );
      } else if (request.method === 'GET' && url.pathname === '/idp-initiated') {
        sendHtml(response, 200, signInForm({}));
      } else if (request.method === 'POST' && url.pathname === '/sso') {
        const form = await formOf(request);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const groups = (form.get('groups') ?? '')
          .split(',')
          .map((group) => group.trim())
          .filter(Boolean);
        const samlResponse = await idp.respond({
          nameId: email,
          inResponseTo: form.get('requestId') || undefined,
          now: new Date(),
          attributes: { email, name: email.split('@')[0] ?? email, groups },
        });
        sendHtml(response, 200, postToAcs(sp.acsUrl, samlResponse, form.get('relayState') || null));
      } else {
        sendHtml(response, 404, page('Not found', ''));
      }
    })().catch((error: unknown) =>
      sendHtml(response, 400, page('The IdP refused', escapeHtml(String(error)))),
    );
  });
  await new Promise<void>((resolve) => server.listen(SAML_IDP_PORT, '127.0.0.1', resolve));
}

async function main() {
  const dns = await startTestDnsServer(DNS_PORT);
  await startSamlIdp();
  await startOidcProvider({
    port: OIDC_PROVIDER_PORT,
    host: 'localhost',
    loginForm: true,
    clients: [
      { ...OIDC_SSO_CLIENT, redirectUris: [`${E2E_BASE_URL}/account/oidc/callback`] },
      { ...OIDC_SOCIAL_CLIENT, redirectUris: [`${E2E_BASE_URL}/account/social/success`] },
    ],
  });
  const control = createServer((request, response) => {
    void (async () => {
      if (request.method === 'POST' && request.url === '/dns') {
        let body = '';
        for await (const chunk of request) body += String(chunk);
        const { name, values } = JSON.parse(body) as { name: string; values: string[] };
        dns.setTxt(name, values);
        response.writeHead(204).end();
      } else if (request.url === '/health') {
        response.writeHead(200).end('ok');
      } else {
        response.writeHead(404).end();
      }
    })().catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => control.listen(PEERS_CONTROL_PORT, '127.0.0.1', resolve));
  console.log(
    `identity providers ready (SAML ${SAML_IDP_URL}, OpenID ${OIDC_PROVIDER_PORT}, DNS ${dns.address})`,
  );
}

await main();
