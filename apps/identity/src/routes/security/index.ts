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
export const securityRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
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
