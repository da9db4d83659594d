import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { passwordConfigResponse, responses } from '../schemas.js';

const authStrategiesResponse = z.object({
  mainAuthStrategies: z.array(z.object({ strategy: z.string() })),
  secondaryAuthStrategies: z.array(z.object({ strategy: z.string(), isActive: z.boolean() })),
});

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
        summary: 'Sign-up identifiers: email only',
        response: responses({
          200: z.array(z.object({ strategy: z.string(), isActive: z.boolean(), isRequired: z.boolean() })),
        }),
      },
    },
    async () => [
      { strategy: 'email', isActive: true, isRequired: true },
      { strategy: 'phoneNumber', isActive: false, isRequired: false },
      { strategy: 'username', isActive: false, isRequired: false },
    ],
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
