import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { restrictionTypes } from '@brizo/contract';
import {
  domainRestrictionConfigSchema,
  domainRestrictionListSchema,
  domainRestrictionSchema,
  ipRestrictionConfigSchema,
  ipRestrictionPageSchema,
  ipRestrictionSchema,
  ipVerificationSchema,
} from '@brizo/contract/entities/restrictions';
import type { RouteOptions } from '../../../services/index.js';
import { emptyResponse } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

const restrictionType = z.enum(restrictionTypes);
const idParams = z.object({ id: z.uuid() });

const ipRestriction = ipRestrictionSchema;
const ipRestrictionInput = z.object({
  ip: z.string().trim().min(2).max(64).describe('An IP address or CIDR range, IPv4 or IPv6'),
  strategy: restrictionType,
  isActive: z.boolean().optional(),
  description: z.string().max(255).optional(),
});
const ipConfig = ipRestrictionConfigSchema;
const verified = ipVerificationSchema;

const domainRestriction = domainRestrictionSchema;
const domainConfig = domainRestrictionConfigSchema;

/**
 * /identity/resources/configurations: the tenant's IP restrictions (/v1/restrictions/ip) and
 * email-domain restrictions (/restrictions/v1/email-domain), as the SDK's RestrictionsState calls them.
 */
export const restrictionsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'security');
  const { ipRestrictions, tenantSecurity } = services;
  const IP = '/v1/restrictions/ip';
  const DOMAIN = '/restrictions/v1/email-domain';

  route({
    name: 'getIP',
    method: 'GET',
    url: IP,
    summary: 'One page of the IP allow or block list (_filter ALLOW or BLOCK)',
    access: { permission: 'fe.secure.read.ipRestrictions' },
    query: z.object({
      _filter: restrictionType.optional(),
      _limit: z.coerce.number().int().min(1).max(100).default(10),
      _offset: z.coerce.number().int().min(0).max(100_000).default(0),
    }),
    response: ipRestrictionPageSchema,
    handler: async ({ actor, request }) => {
      const { _filter, _limit, _offset } = request.query;
      return ipRestrictions.list(actor, { strategy: _filter, limit: _limit, offset: _offset * _limit });
    },
  });

  route({
    name: 'createIP',
    method: 'POST',
    url: IP,
    summary: 'Add an address or range to a list (or update it); refused if it would block the caller',
    access: { permission: 'fe.secure.write.ipRestrictions' },
    body: ipRestrictionInput,
    response: ipRestriction,
    handler: async ({ actor, request }) => {
      return ipRestrictions.save(actor, request.body);
    },
  });

  route({
    name: 'create${IP}Bulk',
    method: 'POST',
    url: `${IP}/bulk`,
    summary: 'Add several addresses or ranges at once',
    access: { permission: 'fe.secure.write.ipRestrictions' },
    body: z.object({ ips: z.array(ipRestrictionInput).min(1).max(100) }),
    response: z.object({ items: z.array(ipRestriction) }),
    handler: async ({ actor, request }) => {
      return { items: await ipRestrictions.saveMany(actor, request.body.ips) };
    },
  });

  route({
    name: 'get${IP}Config',
    method: 'GET',
    url: `${IP}/config`,
    summary: 'Whether IP restrictions are enforced, as an allow or a block list',
    access: { permission: 'fe.secure.read.ipRestrictions' },
    response: ipConfig,
    handler: async ({ actor }) => ipRestrictions.config(actor),
  });

  route({
    name: 'create${IP}Config',
    method: 'POST',
    url: `${IP}/config`,
    summary: 'Turn IP restrictions on or off, or change the strategy; refused if it would block the caller',
    access: { permission: 'fe.secure.write.ipRestrictions' },
    body: ipConfig.partial().strict(),
    response: ipConfig,
    handler: async ({ actor, request }) => {
      return ipRestrictions.saveConfig(actor, request.body);
    },
  });

  route({
    name: 'delete${IP}ById',
    method: 'DELETE',
    url: `${IP}/:id`,
    summary: 'Remove an address or range; refused if it would block the caller',
    access: { permission: 'fe.secure.delete.ipRestrictions' },
    params: idParams,
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await ipRestrictions.remove(actor, request.params.id);
      return {};
    },
  });

  route({
    name: 'create${IP}Verify',
    method: 'POST',
    url: `${IP}/verify`,
    summary: "Test the caller's current IP address against the tenant's restrictions as they stand",
    access: { permission: 'fe.secure.read.ipRestrictions' },
    response: verified,
    handler: async ({ actor }) => ipRestrictions.verify(actor),
  });

  route({
    name: 'create${IP}VerifyAllow',
    method: 'POST',
    url: `${IP}/verify/allow`,
    summary: "Is the caller's current IP address on the tenant's allow list?",
    access: { permission: 'fe.secure.read.ipRestrictions' },
    response: verified,
    handler: async ({ actor }) => ipRestrictions.verifyAllowList(actor),
  });

  route({
    name: 'getDOMAIN',
    method: 'GET',
    url: DOMAIN,
    summary: 'The email domains on the allow and block lists',
    access: { permission: 'fe.secure.read.emailDomainRestrictions' },
    response: domainRestrictionListSchema,
    handler: async ({ actor }) => tenantSecurity.domainRestrictions(actor),
  });

  route({
    name: 'createDOMAIN',
    method: 'POST',
    url: DOMAIN,
    summary: 'Add an email domain to the allow or block list',
    access: { permission: 'fe.secure.write.emailDomainRestrictions' },
    body: z.object({ domain: z.string().trim().min(3).max(253), type: restrictionType }),
    response: domainRestriction,
    handler: async ({ actor, request }) => {
      return tenantSecurity.saveDomainRestriction(actor, request.body);
    },
  });

  route({
    name: 'get${DOMAIN}Config',
    method: 'GET',
    url: `${DOMAIN}/config`,
    summary: 'Whether email-domain restrictions are enforced, the list in use, and public domains blocked',
    access: { permission: 'fe.secure.read.emailDomainRestrictions' },
    response: domainConfig,
    handler: async ({ actor }) => tenantSecurity.domainConfig(actor),
  });

  route({
    name: 'create${DOMAIN}Config',
    method: 'POST',
    url: `${DOMAIN}/config`,
    summary: 'Turn email-domain restrictions on or off, choose the list, block public domains',
    access: { permission: 'fe.secure.write.emailDomainRestrictions' },
    body: z.object({
      active: z.boolean(),
      blockPublicDomains: z.boolean().optional(),
      type: restrictionType.optional(),
    }),
    response: domainConfig,
    handler: async ({ actor, request }) => {
      return tenantSecurity.saveDomainConfig(actor, request.body);
    },
  });

  route({
    name: 'delete${DOMAIN}ById',
    method: 'DELETE',
    url: `${DOMAIN}/:id`,
    summary: 'Remove an email domain from its list',
    access: { permission: 'fe.secure.delete.emailDomainRestrictions' },
    params: idParams,
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await tenantSecurity.removeDomainRestriction(actor, request.params.id);
      return {};
    },
  });
};
