import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metadataRowsSchema } from '@brizo/contract/entities/admin-box';
import { auditColumns, auditColumnSchema } from '@brizo/contract/entities/audits';
import { ipMetadataSchema } from '@brizo/contract/entities/restrictions';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions, Services } from '../../services/index.js';
import { notificationsMetadata } from '../../services/notifications/index.js';
import { areaRoutes } from '../route.js';
import { requestMeta } from '../schemas.js';

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
  // Issue 14: the audit log's columns (SPEC section 3); the SDK reads them as rows[0].properties.
  audits: () => ({ properties: auditColumns }),
  // Issue 14: the bell's channels and severity colours (the SDK's getNotificationsMetadata).
  notifications: () => notificationsMetadata(),
};

const ipMetadata = ipMetadataSchema;
const ipMetadataOf = (ip: string): z.output<typeof ipMetadata> => ({
  ip,
  latitude: null,
  longitude: null,
  city: null,
  country_name: null,
  country_code: null,
  zip: null,
  location: { country_flag: null, country_flag_emoji: null },
});

// The audits entity also answers its columns as `properties`, beside its configuration.
const metadataRows = z.object({
  rows: z.array(
    metadataRowsSchema.shape.rows.element.extend({ properties: z.array(auditColumnSchema).optional() }),
  ),
});

/** GET /metadata?entityName=...: rows[0].configuration, the way the SDK reads it. */
export const metadataRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'metadata');

  route({
    name: 'getIpMe',
    method: 'GET',
    url: '/metadata/ipme',
    // SPEC section 7: the metadata calls supply the caller's current IP and country, which the IP
    // restrictions tab shows the administrator. No geolocation database here: the country is null.
    summary: "The caller's IP address as the server sees it (IP restrictions test it); no geolocation",
    access: 'member',
    response: ipMetadata,
    handler: ({ request }) => ipMetadataOf(requestMeta(request).ip ?? request.ip),
  });

  route({
    name: 'getIp',
    method: 'GET',
    url: '/metadata/ip/:ip',
    summary: 'IP metadata of an address (IPv4 or IPv6); no geolocation',
    access: 'member',
    params: z.object({
      ip: z.union([z.ipv4(), z.ipv6()], { error: 'ip must be an IPv4 or IPv6 address' }),
    }),
    response: ipMetadata,
    handler: ({ params }) => ipMetadataOf(params.ip),
  });

  route({
    name: 'get',
    method: 'GET',
    url: '/metadata',
    summary: 'Vendor metadata by entity name (adminBox, saml, audits, notifications)',
    access: 'public',
    query: z.object({
      entityName: z.string({ error: 'entityName is required' }).min(1, 'entityName is required'),
    }),
    response: metadataRows,
    handler: async ({ query: { entityName } }) => {
      const configuration = Object.hasOwn(entities, entityName)
        ? await entities[entityName]?.(config, services)
        : undefined;
      if (!configuration)
        throw appError(errorCatalogue.metadata.unknownEntity, `Metadata not found: ${entityName}`);
      // Issue 14: the official client reads the audit log's columns from rows[0].properties.
      const columns = entityName === 'audits' ? { properties: [...auditColumns] } : {};
      return { rows: [{ id: entityName, entityName, vendorId: config.clientId, configuration, ...columns }] };
    },
  });

  route({
    name: 'update',
    method: 'PUT',
    url: '/metadata',
    summary: "Change the admin portal's metadata (navigation visibility, field appearance); superuser only",
    access: 'member',
    query: z.object({
      entityName: z.literal('adminBox', { error: 'Only adminBox can be changed' }),
    }),
    body: z.object({
      configuration: z.record(z.string(), z.unknown(), { error: 'configuration must be an object' }),
    }),
    response: z.object({ configuration: z.record(z.string(), z.unknown()) }),
    handler: async ({ actor, body }) => ({
      configuration: await services.adminBox.update(actor, body.configuration),
    }),
  });
};
