import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions } from '../../services/index.js';
import { responses } from '../schemas.js';

/** Admin-portal sections (SPEC section 2): personal ones always, the rest by the user's permissions. */
const adminBoxConfiguration = {
  navigation: Object.fromEntries(
    [
      ['profile', 'always'],
      ['privacy', 'always'],
      ['personalApiTokens', 'always'],
      ['account', 'byPermissions'],
      ['users', 'byPermissions'],
      ['groups', 'byPermissions'],
      ['roles', 'byPermissions'],
      ['security', 'byPermissions'],
      ['sso', 'byPermissions'],
      ['provisioning', 'byPermissions'],
      ['audits', 'byPermissions'],
      ['webhooks', 'byPermissions'],
      ['apiTokens', 'byPermissions'],
      ['subscriptions', 'byPermissions'],
      ['allAccounts', 'byPermissions'],
      ['usage', 'byPermissions'],
    ].map(([section, visibility]) => [section, { visibility }]),
  ),
};

const entities: Record<string, (config: Config) => Record<string, unknown>> = {
  adminBox: () => adminBoxConfiguration,
  saml: (config) => ({
    acsUrl: `${config.publicUrl}/frontegg/auth/saml/callback`,
    spEntityId: `${config.publicUrl}/frontegg/saml/metadata`,
  }),
};

/** GET /metadata?entityName=...: rows[0].configuration, the way the SDK reads it. */
export const metadataRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config }) => {
  app.get(
    '/metadata',
    {
      schema: {
        tags: ['metadata'],
        summary: 'Vendor metadata by entity name (adminBox, saml)',
        querystring: z.object({
          entityName: z.string({ error: 'entityName is required' }).min(1, 'entityName is required'),
        }),
        response: responses({
          200: z.object({
            rows: z.array(
              z.object({
                id: z.string(),
                entityName: z.string(),
                vendorId: z.string(),
                configuration: z.record(z.string(), z.unknown()),
              }),
            ),
          }),
        }),
      },
    },
    async (request) => {
      const { entityName } = request.query;
      const configuration = Object.hasOwn(entities, entityName) ? entities[entityName]?.(config) : undefined;
      if (!configuration)
        throw appError(errorCatalogue.metadata.unknownEntity, `Metadata not found: ${entityName}`);
      return { rows: [{ id: entityName, entityName, vendorId: config.clientId, configuration }] };
    },
  );
};
