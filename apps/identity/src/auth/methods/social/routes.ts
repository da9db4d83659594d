import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  socialLoginConfigurationSchema,
  socialLoginProviderSchema,
  socialLoginProviderV1Schema,
  socialProviderEndpointsSchema,
  socialProviderOptionsSchema,
  socialProviderSchema,
} from '@brizo/contract/entities/social-login';
import { webPaths } from '@brizo/contract';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { acceptFormPosts } from '../../../routes/form-posts.js';
import { loginResponse, requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { bindBrowser, browserBindingCheck, newBrowserBinding } from '../../federated/browser-binding.js';
import { mfaRequiredResponse } from '../../second-factor/schemas.js';
import { replyWithSession } from '../../session-reply.js';
import { APPLE_FORM_POST_PATH } from './providers.js';

const providerParams = z.object({ provider: socialProviderSchema });

/** ILoginViaSocialLoginResponse around the session (or the second factor's mfaToken). */
const socialLoginFields = {
  email: z.string(),
  isNewUser: z.boolean().describe('Signed up by this sign-in (the store reports the sign-up)'),
  tenantId: z.string().nullable(),
  name: z.string(),
};
const socialLoginResponse = z.union([
  mfaRequiredResponse.extend(socialLoginFields),
  loginResponse.extend(socialLoginFields),
]);

/** A path of our own web app (no other origin, no protocol-relative `//host`). */
const ownPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/, 'a path of this site');

/** /identity/resources/auth: start a social sign-in at the provider, and finish it when the browser is back. */
export const socialLoginRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');
  const { socialLogin } = services;
  const limited = credentialRateLimit(config);

  route({
    name: 'socialLoginStart',
    method: 'GET',
    url: '/v2/user/sso/default/:provider/prelogin',
    summary: 'Social sign-in, step 1: to the provider, with PKCE, a nonce and a single-use state',
    description:
      "The login box's authorizationUrl (GET /identity/resources/sso/v2). The state names the provider " +
      'and the sign-in in flight; the provider sends the browser back to the redirect URL with it.',
    access: 'public',
    config: limited,
    params: providerParams,
    query: z.object({
      invitationToken: z.string().max(512).optional(),
      redirectUrl: ownPath.optional(),
    }),
    produces: 'other',
    answers: { 302: z.null().describe("To the provider's authorization endpoint") },
    handler: async ({ params, query, reply }) => {
      const binding = newBrowserBinding();
      const location = await socialLogin.start(params.provider, { ...query, binding: binding.stored });
      bindBrowser(reply, config, binding);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  });

  route({
    name: 'socialLoginPostlogin',
    method: 'POST',
    url: '/v1/user/sso/:provider/postlogin',
    summary: 'Social sign-in, step 2: the code (or ID token) and state the provider sent back; signs in',
    description:
      'The state is taken once and must be of this provider. Accounts are linked by an email the ' +
      'provider verified only; an unverified one is refused (nothing is created).',
    access: 'public',
    config: limited,
    params: providerParams,
    query: z.object({
      code: z.string().max(4096).optional(),
      id_token: z.string().max(16384).optional(),
      redirectUri: z.string().max(2000).optional(),
      code_verifier: z.string().max(200).optional(),
      code_verifier_pkce: z.string().max(200).optional(),
      state: z.string().max(1000).optional(),
    }),
    body: z
      .object({
        metadata: z.string().max(10_000).optional(),
        invitationToken: z.string().max(512).optional(),
      })
      .nullish(),
    response: socialLoginResponse,
    handler: async ({ params, query, body, request, reply }) => {
      const answer = await socialLogin.postLogin(
        params.provider,
        {
          code: query.code,
          idToken: query.id_token,
          redirectUri: query.redirectUri,
          codeVerifier: query.code_verifier_pkce ?? query.code_verifier,
          state: query.state,
          metadata: body?.metadata,
          invitationToken: body?.invitationToken,
        },
        requestMeta(request),
        browserBindingCheck(request, reply),
      );
      return replyWithSession(reply, services.sessions, answer);
    },
  });
};

const configurationChange = z.object({
  clientId: z.string().trim().min(1).max(500),
  secret: z.string().min(1).max(10_000).optional().describe('Kept when left out; never answered'),
  redirectUrl: z.union([z.url().max(2000), z.literal('')]).nullish(),
  active: z.boolean(),
  additionalScopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,200}$/, 'an OAuth scope')).max(30),
  endpoints: socialProviderEndpointsSchema,
  options: socialProviderOptionsSchema,
});

/**
 * /identity/resources/sso: the providers the login box offers (public), and the vendor's
 * configuration of each (superusers only; client secrets are written, never read back).
 */
export const socialProvidersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'sso');
  const { socialLogin } = services;

  for (const [name, url] of [
    ['getSocialProviders', '/v2'],
    ['getSocialProvidersAuthenticated', '/v2/authenticated'],
  ] as const) {
    route({
      name,
      method: 'GET',
      url,
      summary: 'Active social login providers, with the address that starts each sign-in',
      access: 'public',
      response: z.array(socialLoginProviderSchema),
      handler: () => socialLogin.publicProviders(),
    });
  }

  route({
    name: 'getSocialProvidersV1',
    method: 'GET',
    url: '/v1',
    summary: 'Active social login providers (the older answer)',
    access: 'public',
    response: z.array(socialLoginProviderV1Schema),
    handler: () => socialLogin.publicProvidersV1(),
  });

  route({
    name: 'getCustomProviders',
    method: 'GET',
    url: '/custom/v1',
    summary: 'Custom social login providers (none: only the built-in providers are offered)',
    access: 'public',
    response: z.object({ providers: z.array(z.object({ id: z.string() })) }),
    handler: () => ({ providers: [] }),
  });

  route({
    name: 'getSocialConfigurations',
    method: 'GET',
    url: '/v1/configurations',
    summary:
      "Every social provider's configuration (superuser only; whether a secret is stored, not the secret)",
    access: 'vendor',
    response: z.array(socialLoginConfigurationSchema),
    handler: () => socialLogin.configurations(),
  });

  route({
    name: 'saveSocialConfiguration',
    method: 'POST',
    url: '/v1',
    summary: "Create or replace a social provider's configuration (superuser only)",
    access: 'vendor',
    body: configurationChange
      .partial({
        redirectUrl: true,
        additionalScopes: true,
        endpoints: true,
        options: true,
      })
      .extend({ type: socialProviderSchema }),
    response: socialLoginConfigurationSchema,
    handler: ({ claims, body, request }) => {
      const { type, ...change } = body;
      return socialLogin.save(claims, type, change, requestMeta(request));
    },
  });

  route({
    name: 'updateSocialConfiguration',
    method: 'PATCH',
    url: '/v1/:provider',
    summary: "Change part of a social provider's configuration, such as activating it (superuser only)",
    access: 'vendor',
    params: providerParams,
    body: configurationChange.partial(),
    response: socialLoginConfigurationSchema,
    handler: ({ claims, params, body, request }) =>
      socialLogin.save(claims, params.provider, body, requestMeta(request)),
  });

  route({
    name: 'deleteSocialConfiguration',
    method: 'DELETE',
    url: '/v1/:provider',
    summary: "Delete a social provider's configuration (superuser only)",
    access: 'vendor',
    params: providerParams,
    handler: ({ claims, params, request }) =>
      socialLogin.remove(claims, params.provider, requestMeta(request)),
  });
};

/** Apple's form: a code, the state and at most an ID token and its `user` JSON; a few kilobytes. */
const FORM_POST_BODY_LIMIT = 16 * 1024;

/**
 * Apple's answer (response_mode=form_post): its page posts `code` and `state` (or `error`) here, from
 * appleid.apple.com. Registered outside the cookie scope (app.ts): the POST comes from Apple's origin, and
 * nothing is read or set here but the browser's next address. The web app's /account/social/success then
 * posts the code from our own origin, where the sign-in's browser binding is checked. Apple's `user` JSON
 * (the name, sent once, unsigned) is not passed on: it would sit in the address bar and history.
 */
export const socialFormPostRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { config, services },
) => {
  const route = areaRoutes(app, services, 'auth');
  // This plugin reads the form and nothing else: a JSON body (or any other) is a 415.
  app.removeAllContentTypeParsers();
  acceptFormPosts(app, FORM_POST_BODY_LIMIT);

  route({
    name: 'socialAppleFormPost',
    method: 'POST',
    url: APPLE_FORM_POST_PATH,
    summary: "Sign in with Apple: takes the form Apple's page posts, then to the web app (303)",
    description:
      'Redirects (303) to /account/social/success with the code and state Apple posted (or its error), ' +
      'where the web app calls the post-login. The `user` field is not passed on.',
    access: 'public',
    config: credentialRateLimit(config),
    body: z.object({
      code: z.string().max(4096).optional(),
      state: z.string().max(1000).optional(),
      error: z
        .string()
        .regex(/^[\w.-]{1,100}$/, 'an OAuth error code')
        .optional(),
      id_token: z.string().max(8192).optional(),
      user: z.string().max(2048).optional(),
    }),
    produces: 'other',
    answers: { 303: z.null().describe('To the web app: /account/social/success?code&state (or ?error)') },
    handler: ({ body, reply }) => {
      const next = new URL(`${config.publicUrl}${webPaths.socialSuccess}`);
      for (const name of ['code', 'state', 'error'] as const) {
        const value = body[name];
        if (value !== undefined) next.searchParams.set(name, value);
      }
      return reply.header('cache-control', 'no-store').redirect(next.toString(), 303);
    },
  });
};
