import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { acceptFormPosts } from '../../../routes/form-posts.js';
import { loginResponse, requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { browserBindingCheck } from '../../federated/browser-binding.js';
import { mfaRequiredResponse } from '../../second-factor/schemas.js';
import { replyWithSession } from '../../session-reply.js';
import { MAX_SAML_RESPONSE_CHARS } from './xml.js';

/** What an IdP posts to the assertion consumer: a form of a few kilobytes. */
const ACS_BODY_LIMIT = 256 * 1024;

const posted = {
  SAMLResponse: z.string().min(1).max(MAX_SAML_RESPONSE_CHARS),
  RelayState: z.string().max(1024).optional(),
};

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** /identity/resources/auth: the web app's end of a SAML sign-in. */
export const samlLoginRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');

  route({
    name: 'samlPostLogin',
    method: 'POST',
    url: '/v1/user/saml/postlogin',
    summary: 'SAML sign-in: exchange what the assertion consumer handed over; signs in',
    description:
      'SAMLResponse is the single-use code the assertion consumer put in the callback page address, ' +
      'or a raw base64 SAML response, which then passes every check of the assertion consumer. ' +
      'A sign-in started here (SP-initiated) must be finished by the browser that started it: the ' +
      'brizo-sso-binding-* cookie set by the SSO pre-login.',
    access: 'public',
    config: credentialRateLimit(config),
    body: z.object(posted),
    response: z.union([mfaRequiredResponse, loginResponse]),
    handler: async ({ body, request, reply }) => {
      const meta = requestMeta(request);
      const { connection, profile } = await services.saml.postLogin(
        { samlResponse: body.SAMLResponse, relayState: body.RelayState },
        meta,
        browserBindingCheck(request, reply),
      );
      const answer = await services.ssoSignIn.complete(connection, profile, meta);
      return replyWithSession(reply, services.sessions, answer);
    },
  });
};

/**
 * Under /frontegg, outside the cross-site guard: the IdP's page posts the assertion consumer form
 * from its own origin, and no cookie is read or set here (the hand-off code carries the sign-in to
 * the web app, whose own same-origin call then signs in). The SP metadata is public by nature.
 */
export const samlEndpointRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'sso');

  // The app reads JSON only; this plugin's routes alone read the form the SAML POST binding sends.
  acceptFormPosts(app, ACS_BODY_LIMIT);

  route({
    name: 'samlAssertionConsumer',
    method: 'POST',
    url: '/auth/saml/callback',
    summary: 'SAML assertion consumer (HTTP-POST binding): checks the response, then to the web app',
    description:
      'Redirects (303) to the web app: /account/saml/callback with a single-use code and the ' +
      'RelayState, or with error=<errorCode> when the response is refused; a live test goes to ' +
      '/account/sso/test-complete?reportId=.',
    access: 'public',
    config: credentialRateLimit(config),
    body: z.object(posted),
    produces: 'other',
    answers: { 303: z.null().describe('To the web app callback page, or the live test report') },
    handler: async ({ body, request, reply }) => {
      const location = await services.saml.receive(
        { samlResponse: body.SAMLResponse, relayState: body.RelayState },
        requestMeta(request),
      );
      return noStore(reply).redirect(location, 303);
    },
  });

  // The entity ID is the metadata's address; the SDK's SSO section reads the same document under /team.
  for (const [name, url] of [
    ['samlMetadata', '/saml/metadata'],
    ['samlSpMetadata', '/team/resources/sso/v1/saml/configurations/sp-metadata'],
  ] as const) {
    route({
      name,
      method: 'GET',
      url,
      summary: 'Our SAML service provider metadata (entity ID, assertion consumer, signing certificate)',
      access: 'public',
      produces: 'other',
      answers: { 200: z.string().describe('SAML metadata XML, the same for every account') },
      handler: async ({ reply }) =>
        reply.type('application/samlmetadata+xml; charset=utf-8').send(await services.saml.metadata()),
    });
  }

  route({
    name: 'samlSpCertificate',
    method: 'GET',
    url: '/team/resources/sso/v1/saml/configurations/sp-certificate',
    summary: 'Service provider signing certificate (PEM): IdPs check signed AuthnRequests with it',
    access: 'public',
    produces: 'other',
    answers: { 200: z.string().describe('PEM certificate') },
    handler: async ({ reply }) =>
      reply.type('application/x-pem-file').send(await services.saml.certificate()),
  });
};
