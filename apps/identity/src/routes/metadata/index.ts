import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions, Services } from '../../services/index.js';
import { requireSignedIn } from '../admin-access.js';
import { responses } from '../schemas.js';

type Configuration = Record<string, unknown>;

const entities: Record<
  string,
  (config: Config, services: Services) => Promise<Configuration> | Configuration
> = {
  adminBox: (_config, services) => services.adminBox.configuration(),
  saml: (config) => ({
    acsUrl: `${config.publicUrl}/frontegg/auth/saml/callback`,
    spEntityId: `${config.publicUrl}/frontegg/saml/metadata`,
  }),
};

/** GET /metadata?entityName=...: rows[0].configuration, the way the SDK reads it. */
export const metadataRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
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
      const configuration = Object.hasOwn(entities, entityName)
        ? await entities[entityName]?.(config, services)
        : undefined;
      if (!configuration)
        throw appError(errorCatalogue.metadata.unknownEntity, `Metadata not found: ${entityName}`);
      return { rows: [{ id: entityName, entityName, vendorId: config.clientId, configuration }] };
    },
  );

  app.put(
    '/metadata',
    {
      schema: {
        tags: ['metadata'],
        summary:
          "Change the admin portal's metadata (navigation visibility, field appearance); superuser only",
        security: [{ bearer: [] }],
        querystring: z.object({
          entityName: z.literal('adminBox', { error: 'Only adminBox can be changed' }),
        }),
        body: z.object({
          configuration: z.record(z.string(), z.unknown(), { error: 'configuration must be an object' }),
        }),
        response: responses({ 200: z.object({ configuration: z.record(z.string(), z.unknown()) }) }),
      },
    },
    async (request) => {
      const actor = await requireSignedIn(request, services.tokens);
      return { configuration: await services.adminBox.update(actor, request.body.configuration) };
    },
  );
};
