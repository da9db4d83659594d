import { createPublicKey, type JsonWebKeyInput } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import {
  activationSettingChange,
  signUpStrategiesChange,
  signUpStrategyNames,
} from '../../services/security/sign-up-strategies.js';
import { passwordConfigResponse, requestMeta } from '../schemas.js';
import { areaRoutes } from '../route.js';

const authStrategiesResponse = z.object({
  mainAuthStrategies: z.array(z.object({ strategy: z.string() })),
  secondaryAuthStrategies: z.array(z.object({ strategy: z.string(), isActive: z.boolean() })),
});

const signUpStrategiesResponse = z.array(
  z.object({ strategy: z.enum(signUpStrategyNames), isActive: z.boolean(), isRequired: z.boolean() }),
);

/** /identity/resources/configurations: the vendor's public security configuration. */
export const securityRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'security');
  const vendor = () => services.vendorSettings.get();

  route({
    name: 'getV1Public',
    method: 'GET',
    url: '/v1/public',
    summary: 'Public vendor configuration (sign-up allowed, unverified login, auth strategy)',
    access: 'public',
    response: z.object({
      allowSignups: z.boolean(),
      allowNotVerifiedUsersLogin: z.boolean(),
      apiTokensEnabled: z.boolean(),
      forcePermissions: z.boolean(),
      authStrategy: z.string(),
      machineToMachineAuthStrategy: z.string(),
    }),
    handler: async () => {
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
  });

  route({
    name: 'getV1',
    method: 'GET',
    url: '/v1',
    summary:
      "The vendor's global security policy: MFA default, what tenants may override, token lifetimes, the signing key",
    access: 'session',
    response: z.object({
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
    handler: async () => {
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
  });

  route({
    name: 'getV1UserEmailsPolicy',
    method: 'GET',
    url: '/v1/user-emails-policy',
    summary: 'Whether users may change their email address (the Profile section offers it: always)',
    access: 'session',
    response: z.object({ allowEmailChange: z.boolean() }),
    handler: async () => {
      // POST /users/v1/email/me is served for every signed-in user (routes/users/profile).
      return { allowEmailChange: true };
    },
  });

  for (const path of ['/v1/auth/strategies/public', '/v1/auth/strategies']) {
    route({
      name: path.endsWith('public') ? 'getV1AuthStrategiesPublic' : 'getV1AuthStrategies',
      method: 'GET',
      url: path,
      summary: 'Main and secondary authentication strategies',
      access: 'public',
      response: authStrategiesResponse,
      handler: async () => {
        const config = await vendor();
        return {
          mainAuthStrategies: [{ strategy: config.mainAuthStrategy }],
          secondaryAuthStrategies: config.secondaryAuthStrategies,
        };
      },
    });
  }

  route({
    name: 'getV1SignUpStrategies',
    method: 'GET',
    url: '/v1/sign-up/strategies',
    summary: 'Sign-up identifiers (email, phoneNumber, username), each active and/or required',
    access: 'public',
    response: signUpStrategiesResponse,
    handler: async () => services.signUpStrategies.list(),
  });

  for (const method of ['PUT', 'POST'] as const) {
    route({
      name: `${method.toLowerCase()}V1SignUpStrategies`,
      method: method,
      url: '/v1/sign-up/strategies',
      summary: 'Change the sign-up identifiers (superuser only); email stays active and required',
      access: 'session',
      body: signUpStrategiesChange,
      response: signUpStrategiesResponse,
      handler: async ({ claims, request }) => {
        return services.signUpStrategies.update(claims, request.body, requestMeta(request));
      },
    });
  }

  route({
    name: 'getV1SignUpActivation',
    method: 'GET',
    url: '/v1/sign-up/activation',
    summary:
      'How new accounts are activated: a mailed link, or a mailed code typed at /account/activate/code',
    access: 'public',
    response: activationSettingChange,
    handler: async () => ({ activationMethod: await services.signUpStrategies.activationMethod() }),
  });

  route({
    name: 'replaceV1SignUpActivation',
    method: 'PUT',
    url: '/v1/sign-up/activation',
    summary: 'Change how new accounts are activated (superuser only)',
    access: 'session',
    body: activationSettingChange,
    response: activationSettingChange,
    handler: async ({ claims, request }) => {
      return services.signUpStrategies.updateActivationMethod(claims, request.body, requestMeta(request));
    },
  });

  // Password recovery strategies: routes/security/lifecycle (account lifecycle).

  route({
    name: 'getV1Password',
    method: 'GET',
    url: '/v1/password',
    summary: 'Password policy',
    access: 'public',
    response: passwordConfigResponse,
    handler: async () => (await vendor()).passwordPolicy,
  });

  // The captcha policy (public and admin) lives in ./captcha-policy.
};
