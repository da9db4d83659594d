import { createPublicKey, type JsonWebKeyInput } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import {
  activationSettingChange,
  signUpStrategiesChange,
  signUpStrategyNames,
} from '../../services/sign-up-strategies.js';
import { passwordConfigResponse, requestMeta, requireAccessToken, responses } from '../schemas.js';

const authStrategiesResponse = z.object({
  mainAuthStrategies: z.array(z.object({ strategy: z.string() })),
  secondaryAuthStrategies: z.array(z.object({ strategy: z.string(), isActive: z.boolean() })),
});

const signUpStrategiesResponse = z.array(
  z.object({ strategy: z.enum(signUpStrategyNames), isActive: z.boolean(), isRequired: z.boolean() }),
);

/** /identity/resources/configurations: the vendor's public security configuration. */
export const securityRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const vendor = () => services.vendorSettings.get();

  app.get(
    '/v1/public',
    {
      schema: {
        tags: ['security'],
        summary: 'Public vendor configuration (sign-up allowed, unverified login, auth strategy)',
        response: responses({
          200: z.object({
            allowSignups: z.boolean(),
            allowNotVerifiedUsersLogin: z.boolean(),
            apiTokensEnabled: z.boolean(),
            forcePermissions: z.boolean(),
            authStrategy: z.string(),
            machineToMachineAuthStrategy: z.string(),
          }),
        }),
      },
    },
    async () => {
      const config = await vendor();
      return {
        allowSignups: config.allowSignups,
        allowNotVerifiedUsersLogin: config.allowNotVerifiedUsersLogin,
        apiTokensEnabled: false,
        forcePermissions: false,
        authStrategy: config.mainAuthStrategy,
        machineToMachineAuthStrategy: 'ClientCredentials',
      };
    },
  );

  app.get(
    '/v1',
    {
      schema: {
        tags: ['security'],
        summary:
          "The vendor's global security policy: MFA default, what tenants may override, token lifetimes, the signing key",
        security: [{ bearer: [] }],
        response: responses({
          200: z.object({
            id: z.string(),
            enforceMFAType: z.string(),
            createdAt: z.string(),
            updatedAt: z.string(),
            allowOverrideEnforcePasswordHistory: z.boolean(),
            allowOverridePasswordComplexity: z.boolean(),
            allowOverridePasswordExpiration: z.boolean(),
            allowSignups: z.boolean(),
            apiTokensEnabled: z.boolean(),
            cookieSameSite: z.string(),
            defaultRefreshTokenExpiration: z.number().describe('Seconds'),
            defaultTokenExpiration: z.number().describe('Seconds'),
            publicKey: z.string().describe('PEM of the key access tokens are signed with'),
          }),
        }),
      },
    },
    async (request) => {
      await requireAccessToken(request, services.tokens);
      const [settings, mfa] = await Promise.all([vendor(), services.mfaPolicies.forTenant(null)]);
      const [signingKey] = services.tokens.jwks().keys;
      const publicKey = signingKey
        ? createPublicKey({ key: signingKey, format: 'jwk' } as JsonWebKeyInput).export({
            type: 'spki',
            format: 'pem',
          })
        : '';
      const updatedAt = settings.updatedAt.toISOString();
      return {
        id: 'vendor',
        enforceMFAType: mfa.enforceMFAType,
        createdAt: updatedAt,
        updatedAt,
        // Tenant administrators set their own history and rotation (security/lifecycle), not the rules.
        allowOverrideEnforcePasswordHistory: true,
        allowOverridePasswordComplexity: false,
        allowOverridePasswordExpiration: true,
        allowSignups: settings.allowSignups,
        // As GET /v1/public answers it (the SDK reads that one).
        apiTokensEnabled: false,
        cookieSameSite: 'Lax',
        defaultRefreshTokenExpiration: config.sessionLifetimeSeconds,
        defaultTokenExpiration: config.accessTokenTtlSeconds,
        publicKey: publicKey.toString(),
      };
    },
  );

  app.get(
    '/v1/user-emails-policy',
    {
      schema: {
        tags: ['security'],
        summary: 'Whether users may change their email address (the Profile section offers it: always)',
        security: [{ bearer: [] }],
        response: responses({ 200: z.object({ allowEmailChange: z.boolean() }) }),
      },
    },
    async (request) => {
      await requireAccessToken(request, services.tokens);
      // POST /users/v1/email/me is served for every signed-in user (routes/users/profile).
      return { allowEmailChange: true };
    },
  );

  for (const path of ['/v1/auth/strategies/public', '/v1/auth/strategies']) {
    app.get(
      path,
      {
        schema: {
          tags: ['security'],
          summary: 'Main and secondary authentication strategies',
          response: responses({ 200: authStrategiesResponse }),
        },
      },
      async () => {
        const config = await vendor();
        return {
          mainAuthStrategies: [{ strategy: config.mainAuthStrategy }],
          secondaryAuthStrategies: config.secondaryAuthStrategies,
        };
      },
    );
  }

  app.get(
    '/v1/sign-up/strategies',
    {
      schema: {
        tags: ['security'],
        summary: 'Sign-up identifiers (email, phoneNumber, username), each active and/or required',
        response: responses({ 200: signUpStrategiesResponse }),
      },
    },
    async () => services.signUpStrategies.list(),
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/v1/sign-up/strategies',
      schema: {
        tags: ['security'],
        summary: 'Change the sign-up identifiers (superuser only); email stays active and required',
        security: [{ bearer: [] }],
        body: signUpStrategiesChange,
        response: responses({ 200: signUpStrategiesResponse }),
      },
      handler: async (request) => {
        const claims = await requireAccessToken(request, services.tokens);
        return services.signUpStrategies.update(claims, request.body, requestMeta(request));
      },
    });
  }

  app.get(
    '/v1/sign-up/activation',
    {
      schema: {
        tags: ['security'],
        summary:
          'How new accounts are activated: a mailed link, or a mailed code typed at /account/activate/code',
        response: responses({ 200: activationSettingChange }),
      },
    },
    async () => ({ activationMethod: await services.signUpStrategies.activationMethod() }),
  );

  app.put(
    '/v1/sign-up/activation',
    {
      schema: {
        tags: ['security'],
        summary: 'Change how new accounts are activated (superuser only)',
        security: [{ bearer: [] }],
        body: activationSettingChange,
        response: responses({ 200: activationSettingChange }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, services.tokens);
      return services.signUpStrategies.updateActivationMethod(claims, request.body, requestMeta(request));
    },
  );

  // Password recovery strategies: routes/security/lifecycle (account lifecycle).

  app.get(
    '/v1/password',
    {
      schema: {
        tags: ['security'],
        summary: 'Password policy',
        response: responses({ 200: passwordConfigResponse }),
      },
    },
    async () => (await vendor()).passwordPolicy,
  );

  // The captcha policy (public and admin) lives in ./captcha-policy.
};
