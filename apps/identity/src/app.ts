import type { IncomingMessage } from 'node:http';
import { parse as parseQueryString, type ParsedUrlQuery } from 'node:querystring';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { AppError, errorCatalogue, errorHandler } from './errors.js';
import { redactingLogger } from './lib/log-redaction.js';
import { adoptForwardedHeader, trustFunctionOf } from './lib/client-address.js';
import { observeRequests } from './routes/observability.js';
import { requestIdOf } from './lib/request-ids.js';
import { corsHook } from './routes/cors.js';
import { secondFactorStrategies, signInMethods } from './auth/methods/index.js';
import { sharedAuthRoutes } from './auth/routes.js';
import { securityMfaRoutes } from './routes/security/mfa/index.js';
import { devRoutes } from './routes/dev/index.js';
import { lifecycleDevRoutes } from './routes/dev/lifecycle.js';
import { impersonationRoutes } from './routes/impersonation/index.js';
import { flagsRoutes } from './routes/flags/index.js';
import { metadataRoutes } from './routes/metadata/index.js';
import { oauthRoutes } from './routes/oauth/index.js';
import { discoveryRoutes } from './routes/oauth/discovery.js';
import { oauthClientsRoutes } from './routes/oauth/clients.js';
import { vendorKeysRoutes } from './routes/vendor-keys/index.js';
import { captchaPolicyRoutes } from './routes/security/captcha-policy/index.js';
import { tenantSwitchRoutes } from './routes/users/tenant-switch/index.js';
import { authStrategiesRoutes } from './routes/security/auth-strategies/index.js';
import { securityRoutes } from './routes/security/index.js';
import { lifecycleSecurityRoutes } from './routes/security/lifecycle/index.js';
import { ssoRoutes } from './routes/sso/index.js';
import { systemRoutes } from './routes/system/index.js';
import { usersRoutes } from './routes/users/index.js';
import { usernamesRoutes } from './routes/usernames/index.js';
import { signUpRoutes } from './routes/users/sign-up/index.js';
import { lifecycleUsersRoutes } from './routes/users/lifecycle/index.js';
import { vendorsRoutes } from './routes/vendors/index.js';
import { registerWebApp } from './routes/web/index.js';
import { groupsRoutes } from './routes/groups/index.js';
import { rolesRoutes } from './routes/roles/index.js';
import { accountSettingsRoutes, customLoginRoutes } from './routes/tenants/account-settings.js';
import { teamRoutes } from './routes/team/index.js';
import { teamTenantRoutes } from './routes/tenants/team/index.js';
import { hierarchyRoutes, subTenantsRoutes } from './routes/tenants/hierarchy.js';
import { subTenantUsersRoutes } from './routes/tenants/sub-tenant-users.js';
import { teamUsersRoutes } from './routes/users/team/index.js';
import { createServices, type RouteOptions } from './services/index.js';
import { createCluster, rateLimitStoreOf } from './services/cluster/index.js';
import type { BackgroundTasks } from './services/background.js';
import type { Jobs } from './services/jobs.js';
import { ipRestrictionGuard } from './routes/security/restrictions/guard.js';
import { crossSiteGuard } from './routes/cross-site-guard.js';
import { responseHeaders } from './routes/response-headers.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  guardJsonParser,
  rejectNulInUrl,
} from './routes/malformed-input.js';
import { sessionPresence } from './routes/session-presence.js';
import { restrictionsRoutes } from './routes/security/restrictions/index.js';
import { securityCenterRoutes } from './routes/security/security-center/index.js';
import { sessionsPolicyRoutes } from './routes/security/sessions-policy/index.js';
import { profileRoutes } from './routes/users/profile/index.js';
import { profileImageRoutes } from './routes/users/profile/image.js';
import { phoneNumbersRoutes } from './routes/users/profile/phone-numbers.js';
import { ownSessionsRoutes } from './routes/users/own-sessions/index.js';
import { apiTokenExchangeRoutes, apiTokensRoutes } from './routes/api-tokens/index.js';
import { scimRoutes } from './routes/scim/index.js';
import { scimErrorHandler, scimServerRoutes } from './routes/scim/v2.js';
import { SCIM_PATH } from './services/scim/context.js';
import { samlEndpointRoutes } from './auth/methods/saml/routes.js';
import { socialFormPostRoutes } from './auth/methods/social/routes.js';
import { auditsRoutes } from './routes/audits/index.js';
import { connectivityRoutes } from './routes/connectivity/index.js';
import { notificationsRoutes } from './routes/notifications/index.js';
import { reportsRoutes } from './routes/reports/index.js';
import { usageRoutes } from './routes/usage/index.js';
import { entitlementsRoutes } from './routes/entitlements/index.js';
import { billingRoutes, billingWebhookRoutes } from './routes/billing/index.js';
import { trialConsoleRoutes } from './routes/trial-console/index.js';
import { applicationsRoutes } from './routes/applications/index.js';
import { policyPreviewRoutes } from './routes/security/policy-preview/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
    jobs: Jobs;
  }
}

/** The SDK's prefix for every API call (docs/CONTRACTS.md). */
export const API_PREFIX = '/frontegg';
const IDENTITY = `${API_PREFIX}/identity/resources`;
const AUTH = `${IDENTITY}/auth`;
const USERS = `${IDENTITY}/users`;
const CONFIGURATIONS = `${API_PREFIX}/identity/resources/configurations`;

/**
 * The SDK's fetch client writes an absent query value as the text "undefined" (`_filter=undefined`): it
 * means "not given", so such values are dropped before any route sees them.
 */
function parseQuery(query: string): ParsedUrlQuery {
  const parsed = parseQueryString(query);
  for (const [key, value] of Object.entries(parsed)) {
    if (value === 'undefined') delete parsed[key];
    else if (Array.isArray(value)) parsed[key] = value.filter((item) => item !== 'undefined');
  }
  return parsed;
}

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * The provider writes an input twin (`RoleInput`) of every named schema; the entities are answers only, so
 * the twins nobody references are left out of the document.
 */
function withoutUnusedComponents(document: OpenApiDocument): OpenApiDocument {
  const schemas = 'components' in document ? document.components?.schemas : undefined;
  if (!schemas) return document;
  const text = JSON.stringify(document.paths);
  for (const name of Object.keys(schemas)) {
    if (name.endsWith('Input') && !text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return document;
}

/** Fastify's URL rewrite is its one call before a request is built: the Forwarded header is read there. */
function adoptingForwarded(request: IncomingMessage): string {
  adoptForwardedHeader(request);
  return request.url ?? '/';
}

/**
 * fastify's factory types name ajv's compile signature; zod's compilers are called with the same route
 * schema and answer the same validate and serialize functions.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** Builds the identity server from its context; does not listen. */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const { config } = context;
  const headers = responseHeaders(
    config.publicUrl,
    API_PREFIX,
    Boolean(config.gtmContainerId),
    config.payments.provider === 'stripe',
  );
  const trustProxy = trustFunctionOf(config.trustProxy);
  const app = Fastify({
    logger: redactingLogger(context.logger),
    // Issue 16: the proxy's X-Request-Id when it sends a plain one (lib/request-ids.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Issue 16: the client's address as TRUST_PROXY decides (lib/client-address.ts); a proxy that
    // writes only the standard Forwarded header is read too.
    ...(trustProxy ? { trustProxy, rewriteUrl: adoptingForwarded } : {}),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQuery },
    // Issue 10: the refusals fastify and Node make themselves answer in the error shape too.
    frameworkErrors: frameworkErrorHandler(headers, (url) =>
      url.startsWith(`${SCIM_PATH}/`) ? scimErrorHandler : undefined,
    ),
    clientErrorHandler,
    // Every schema is zod's: fastify is told so up front, and never loads its JSON-schema compilers
    // (ajv, fast-json-stringify), which cost start-up time and memory (decision 0022).
    schemaController: { compilersFactory: zodCompilers },
  });
  app.setErrorHandler(errorHandler);

  app.addHook('onRequest', headers);
  app.addHook('onRequest', rejectNulInUrl);
  // Issue 16: CORS for CORS_ORIGINS (preflights are answered here, before any route).
  const clientOrigins = () => services.oauth.clients.allowedOrigins();
  app.addHook('onRequest', corsHook(config, clientOrigins));

  // The SDK posts `Content-Type: application/json` with an empty body (logout): that is no body, not bad JSON.
  // The API speaks JSON only: anything else is a 415.
  app.removeContentTypeParser('text/plain');
  const defaultJsonParser = guardJsonParser(app.getDefaultJsonParser('error', 'error'));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJsonParser(request, text, done);
  });

  // Issue 16: with REDIS_URL, rate limits, security counters and cache invalidations hold across instances.
  const cluster =
    context.cluster ??
    (await createCluster({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix, log: app.log }));
  await app.register(fastifyRateLimit, {
    global: false,
    ...(cluster.redis ? { store: rateLimitStoreOf(cluster.hits) } : {}),
    errorResponseBuilder: () => new AppError(errorCatalogue.request.rateLimited),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Brizo Access identity server',
        description: 'Frontegg-compatible identity API',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The session's HttpOnly refresh cookie (its name carries the clientId: services/sessions.ts).
          refreshCookie: { type: 'apiKey', in: 'cookie', name: 'fe_refresh_<clientId>' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // The entity schemas that carry an id (`.meta({ id })`) become named components, referenced by name.
    transformObject: (document) => withoutUnusedComponents(jsonSchemaTransformObject(document)),
  });

  const services = await createServices({ ...context, cluster }, app.log, { secondFactorStrategies });
  observeRequests(app, services.metrics);
  // A change answered by this instance has reached the others' subscriptions first (issue 16).
  if (cluster.redis) {
    app.addHook('onSend', async (_request, _reply, payload) => {
      await cluster.bus.flush();
      return payload;
    });
  }
  // Tests and the dev mailbox wait for the work anonymous requests do after answering (issue 10).
  app.decorate('background', services.background);
  app.decorate('jobs', services.jobs);
  const options: RouteOptions = { config, db: context.db, services };
  // Every route module with the URL prefix it serves (SPEC section 7), in registration order.
  const routeModules: Array<[FastifyPluginAsync<RouteOptions>, string | undefined]> = [
    [systemRoutes, undefined],
    // The sign-in methods' endpoints, and those they share (auth/methods/index.ts).
    ...[...sharedAuthRoutes, ...signInMethods.flatMap((method) => method.routes)].map(
      ({ routes, prefix }): [FastifyPluginAsync<RouteOptions>, string] => [routes, `${IDENTITY}${prefix}`],
    ),
    [securityMfaRoutes, CONFIGURATIONS],
    [authStrategiesRoutes, CONFIGURATIONS],
    [usersRoutes, USERS],
    [lifecycleUsersRoutes, USERS],
    [impersonationRoutes, `${API_PREFIX}/identity/resources/impersonation`],
    [lifecycleSecurityRoutes, CONFIGURATIONS],
    [securityRoutes, CONFIGURATIONS],
    [oauthRoutes, `${API_PREFIX}/oauth`],
    // Issue 16: discovery at the issuer's root; registered clients and signing keys for the superuser.
    [discoveryRoutes, undefined],
    [oauthClientsRoutes, `${API_PREFIX}/oauth/resources/clients/v1`],
    [vendorKeysRoutes, `${IDENTITY}/vendor-keys/v1`],
    [tenantSwitchRoutes, USERS],
    [captchaPolicyRoutes, CONFIGURATIONS],
    [ssoRoutes, API_PREFIX],
    [metadataRoutes, API_PREFIX],
    [vendorsRoutes, API_PREFIX],
    [flagsRoutes, API_PREFIX],
    [usernamesRoutes, `${API_PREFIX}/identity/resources/usernames`],
    [signUpRoutes, USERS],
    [apiTokensRoutes, `${API_PREFIX}/identity/resources`],
    [profileRoutes, USERS],
    [profileImageRoutes, `${API_PREFIX}/team/resources/profile`],
    [phoneNumbersRoutes, `${USERS}/phone-numbers`],
    [ownSessionsRoutes, `${USERS}/sessions`],
    [rolesRoutes, `${API_PREFIX}/identity/resources`],
    [groupsRoutes, `${API_PREFIX}/identity/resources/groups/v1`],
    [accountSettingsRoutes, `${API_PREFIX}/tenants/resources/account-settings/v1`],
    [customLoginRoutes, `${API_PREFIX}/metadata/admin-box`],
    [teamRoutes, `${API_PREFIX}/team/resources`],
    [teamUsersRoutes, USERS],
    [teamTenantRoutes, `${API_PREFIX}/identity/resources/tenants`],
    // Issue 15: the sub-account hierarchy (All accounts section).
    [subTenantsRoutes, `${API_PREFIX}/tenants/resources/sub-tenants/v1`],
    [hierarchyRoutes, `${API_PREFIX}/tenants/resources/hierarchy`],
    [subTenantUsersRoutes, `${API_PREFIX}/identity/resources/sub-tenants/users`],
    // Security section (issue 4): session policy, IP and email-domain restrictions, security center.
    [sessionsPolicyRoutes, `${CONFIGURATIONS}/sessions`],
    [restrictionsRoutes, CONFIGURATIONS],
    [securityCenterRoutes, API_PREFIX],
    // Issue 13: the Provisioning section's SCIM directory configurations.
    [scimRoutes, `${API_PREFIX}/directory/resources`],
    // Issue 14: the Audits, Webhooks and Usage sections, notifications, reports, policy impact preview.
    [auditsRoutes, `${API_PREFIX}/audits`],
    [connectivityRoutes, API_PREFIX],
    [notificationsRoutes, `${API_PREFIX}/notification`],
    [reportsRoutes, `${API_PREFIX}/reports`],
    [usageRoutes, `${API_PREFIX}/usage/resources`],
    [policyPreviewRoutes, CONFIGURATIONS],
    // Issue 15: user-entitlements v2 and the superuser console's plans, features and entitlements.
    [entitlementsRoutes, `${API_PREFIX}/entitlements`],
    // Issue 15: subscription and billing (the payment provider's webhooks are registered below).
    [billingRoutes, `${API_PREFIX}/subscriptions/resources`],
    // Issue 15: the superuser console's free-trial funnel (ours, not hosted Frontegg's).
    [trialConsoleRoutes, `${API_PREFIX}/trial-console`],
    [applicationsRoutes, API_PREFIX],
  ];
  // Machine-to-machine: no cookies and no bearer, so it stays out of the scope below (bench/RESULTS.md).
  await app.register(apiTokenExchangeRoutes, { ...options, prefix: AUTH });
  // Issue 13: directories provision with their bearer token, no cookies: outside the scope below too.
  await app.register(scimServerRoutes, { ...options, prefix: SCIM_PATH });
  // The SAML assertion consumer is posted by the IdP's page, from its origin; it reads no cookie (auth/methods/saml).
  await app.register(samlEndpointRoutes, { ...options, prefix: API_PREFIX });
  // Apple posts its sign-in answer from its own origin too; no cookie is read (auth/methods/social).
  await app.register(socialFormPostRoutes, options);
  // Issue 15: the payment provider posts its signed webhooks from its servers; no cookie is read.
  await app.register(billingWebhookRoutes, { ...options, prefix: `${API_PREFIX}/subscriptions/resources` });
  await app.register(async (scope) => {
    await scope.register(fastifyCookie);
    // Issue 10: the cookies go with requests from sibling origins too; state changes must come from our pages.
    scope.addHook('onRequest', crossSiteGuard(config, clientOrigins));
    // After the cookie plugin's hook, which writes the Set-Cookie headers this one reads.
    scope.addHook('onSend', sessionPresence(services.sessions.cookieName));
    // Security section (issue 4): a tenant's IP restrictions hold for every API call of its users.
    scope.addHook('onRequest', ipRestrictionGuard(services.ipRestrictions));
    for (const [routes, prefix] of routeModules) await scope.register(routes, { ...options, prefix });
    if (config.devTools) await scope.register(devRoutes, options);
    if (config.devTools) await scope.register(lifecycleDevRoutes, options);
    await registerWebApp(scope, services, config.webDist);
  });

  app.addHook('onClose', async () => {
    // Issue 14: the periodic jobs stop first (a delivery in flight finishes or its lease expires).
    await services.jobs.stop();
    // Mail still being sent after an answer goes out before the mailer closes.
    await services.background.idle();
    await context.mailer.close();
    if (!context.cluster) await cluster.close();
  });
  return app;
}
