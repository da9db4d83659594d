import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { loginResponse, requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { browserBindingCheck } from '../../federated/browser-binding.js';
import { mfaRequiredResponse } from '../../second-factor/schemas.js';
import { replyWithSession } from '../../session-reply.js';
import type { OidcCallback } from './service.js';

// What the web app's callback page (/account/oidc/callback) read from its address. `redirectUri` is
// accepted because the SDK sends it, but the token exchange uses the one stored with the sign-in:
// it must be the address the provider was given, whatever the page says.
const callbackFields = {
  code: z.string().min(1).max(4096),
  redirectUri: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
};

/**
 * A live test (the SSO section's "Test the connection") signs nobody in: its answer is the report's
 * id and outcome, and the callback page then opens the test-complete page with that id.
 */
const testAnswer = z.object({ testReportId: z.string(), succeeded: z.boolean() });

const signInAnswer = z.union([mfaRequiredResponse, loginResponse, testAnswer]);

/** /identity/resources/auth: the end of a sign-in at an SSO connection's OpenID provider. */
export const oidcLoginRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');
  const limited = credentialRateLimit(config);

  const finish = async (
    callback: OidcCallback,
    request: Parameters<typeof requestMeta>[0],
    reply: Parameters<typeof replyWithSession>[0],
  ) => {
    const meta = requestMeta(request);
    const outcome = await services.oidc.finish(callback, meta, browserBindingCheck(request, reply));
    if (outcome.kind === 'test') return { testReportId: outcome.testReportId, succeeded: outcome.succeeded };
    const answer = await services.ssoSignIn.complete(outcome.connection, outcome.profile, meta);
    return replyWithSession(reply, services.sessions, answer);
  };

  route({
    name: 'oidcPostLogin',
    method: 'POST',
    url: '/v1/user/oidc/postlogin',
    summary: 'OpenID Connect sign-in: exchange the code the provider sent back; signs in',
    description:
      'Checks the state, the code exchange (PKCE), the ID token (signature, issuer, audience, times, ' +
      'nonce) and the user info. A live test answers { testReportId, succeeded } instead of a session. ' +
      'The browser must be the one that started the sign-in (its brizo-sso-binding-* cookie).',
    access: 'public',
    config: limited,
    body: z.object({ ...callbackFields, state: z.string().min(1).max(512) }),
    response: signInAnswer,
    handler: async ({ body, request, reply }) =>
      finish({ code: body.code, state: body.state, iss: body.iss }, request, reply),
  });

  route({
    name: 'oidcPostLoginV2',
    method: 'POST',
    url: '/v2/user/oidc/postlogin',
    summary: "OpenID Connect sign-in (the SDK store's call): the state comes as RelayState",
    access: 'public',
    config: limited,
    body: z.object({ ...callbackFields, RelayState: z.string().min(1).max(512) }),
    response: signInAnswer,
    handler: async ({ body, request, reply }) =>
      finish({ code: body.code, state: body.RelayState, iss: body.iss }, request, reply),
  });
};
