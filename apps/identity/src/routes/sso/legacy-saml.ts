import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ssoDefaultRolesSchema, ssoGroupSchema } from '@brizo/contract/entities/sso';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { configurationBody } from './configurations.js';

// Issue 13: the SDK's first SSO calls (SSOState v1: one SAML configuration per tenant), answered from
// the tenant's first configuration (services/sso/legacy-saml.ts).

const read = { permission: 'fe.secure.read.samlConfiguration' } as const;
const write = { permission: 'fe.secure.write.samlConfiguration' } as const;
const remove = { permission: 'fe.secure.delete.samlConfiguration' } as const;

/** The SDK's ISamlConfiguration. */
const samlConfiguration = z.object({
  enabled: z.boolean(),
  domain: z.string().optional(),
  validated: z.boolean().optional(),
  generatedVerification: z.string().optional(),
  ssoEndpoint: z.string().optional(),
  publicCertificate: z.string().optional(),
  signRequest: z.boolean().optional(),
  acsUrl: z.string().optional(),
  spEntityId: z.string().optional(),
  type: z.string().optional(),
  oidcClientId: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
const roleIds = z.array(z.union([z.uuid({ error: 'roleIds must be role ids' }), z.literal('')])).max(100);
const groupParams = z.object({ id: z.uuid({ error: 'must be a group id' }) });

export const legacySamlRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'sso');
  const legacy = services.legacySaml;
  const v1 = '/team/resources/sso/v1/saml';
  const v2 = '/team/resources/sso/v2/saml';

  route({
    name: 'getSamlConfiguration',
    method: 'GET',
    url: `${v1}/configurations`,
    summary: "The tenant's SAML configuration (its first SSO configuration); { enabled: false } when none",
    access: read,
    response: samlConfiguration,
    handler: ({ actor }) => legacy.get(actor),
  });

  route({
    name: 'updateSamlConfiguration',
    method: 'POST',
    url: `${v1}/configurations`,
    summary:
      'Save the SAML configuration; a new domain resets ssoEndpoint, publicCertificate and signRequest',
    access: write,
    body: configurationBody.extend({ domain: z.string().max(253).optional() }),
    response: samlConfiguration,
    handler: ({ actor, body }) => legacy.save(actor, body),
  });

  route({
    name: 'getSamlVendorConfiguration',
    method: 'GET',
    url: `${v1}/configurations/vendor-config`,
    summary: 'Our assertion consumer URL and SP entity id, to configure at the IdP',
    access: read,
    response: z.object({ acsUrl: z.string(), spEntityId: z.string() }),
    handler: () => {
      const { acsUrl, spEntityId } = services.ssoConfigurations.serviceProvider();
      return { acsUrl, spEntityId };
    },
  });

  route({
    name: 'updateSamlVendorMetadata',
    method: 'PUT',
    url: `${v1}/configurations/metadata`,
    summary: "Fill the SAML configuration from the IdP's metadata XML",
    access: write,
    body: z.object({ metadata: z.string().min(1, 'metadata is required').max(1_000_000) }),
    response: samlConfiguration,
    handler: ({ actor, body }) => legacy.updateMetadata(actor, body.metadata),
  });

  route({
    name: 'validateSamlDomain',
    method: 'PUT',
    url: `${v1}/validations/domain`,
    summary: "Validate the SAML configuration's domain by its TXT record",
    access: write,
    response: samlConfiguration,
    handler: ({ actor }) => legacy.validateDomain(actor),
  });

  route({
    name: 'getSamlRoles',
    method: 'GET',
    url: `${v1}/configurations/roles/default`,
    summary: 'The default roles of SAML sign-ins',
    access: read,
    response: ssoDefaultRolesSchema,
    handler: ({ actor }) => legacy.roles(actor),
  });

  route({
    name: 'updateSamlRoles',
    method: 'POST',
    url: `${v1}/configurations/roles/default`,
    summary: 'Set the default roles of SAML sign-ins',
    access: write,
    body: z.object({ roleIds }),
    response: ssoDefaultRolesSchema,
    handler: ({ actor, body }) => legacy.setRoles(actor, body.roleIds),
  });

  route({
    name: 'getSamlRolesGroups',
    method: 'GET',
    url: `${v2}/configurations/groups`,
    summary: 'The IdP groups that carry roles',
    access: read,
    response: z.array(ssoGroupSchema),
    handler: ({ actor }) => legacy.groups(actor),
  });

  route({
    name: 'createSamlGroup',
    method: 'POST',
    url: `${v2}/configurations/groups`,
    summary: 'Map an IdP group to roles',
    access: write,
    body: z.object({ group: z.string().min(1, 'group is required').max(256), roleIds }),
    response: ssoGroupSchema,
    status: 201,
    handler: ({ actor, body }) => legacy.createGroup(actor, body),
  });

  route({
    name: 'updateSamlGroup',
    method: 'PATCH',
    url: `${v2}/configurations/groups/:id`,
    summary: "Change a group mapping's name or roles",
    access: write,
    params: groupParams,
    body: z.object({ group: z.string().min(1).max(256).optional(), roleIds: roleIds.optional() }),
    response: ssoGroupSchema,
    handler: ({ actor, params, body }) => legacy.updateGroup(actor, params.id, body),
  });

  route({
    name: 'deleteSamlGroup',
    method: 'DELETE',
    url: `${v2}/configurations/groups/:id`,
    summary: 'Remove a group mapping',
    access: remove,
    params: groupParams,
    handler: ({ actor, params }) => legacy.deleteGroup(actor, params.id),
  });

  route({
    name: 'getOidcConfiguration',
    method: 'GET',
    url: '/team/resources/sso/v1/oidc/configurations',
    summary: 'Whether OpenID Connect SSO is offered, and the redirect URI to register at the provider',
    access: read,
    response: z.object({ active: z.boolean(), redirectUri: z.string() }),
    handler: () => ({ active: true, redirectUri: services.ssoConfigurations.serviceProvider().redirectUri }),
  });
};
