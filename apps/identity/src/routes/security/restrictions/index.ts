import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { restrictionTypes } from '@brizo/contract';
import type { RouteOptions } from '../../../services/index.js';
import { requirePermission } from '../../admin-access.js';
import { emptyResponse, responses } from '../../schemas.js';

const restrictionType = z.enum(restrictionTypes);
const idParams = z.object({ id: z.uuid() });

const ipRestriction = z.object({
  id: z.string(),
  ip: z.string(),
  strategy: restrictionType,
  isActive: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const ipRestrictionInput = z.object({
  ip: z.string().trim().min(2).max(64).describe('An IP address or CIDR range, IPv4 or IPv6'),
  strategy: restrictionType,
  isActive: z.boolean().optional(),
  description: z.string().max(255).optional(),
});
const ipConfig = z.object({ isActive: z.boolean(), strategy: restrictionType });
const verified = z.object({ valid: z.boolean() });

const domainRestriction = z.object({ id: z.string(), domain: z.string(), type: restrictionType });
const domainConfig = z.object({
  active: z.boolean(),
  listType: restrictionType,
  blockPublicDomains: z.boolean(),
});

/**
 * /identity/resources/configurations: the tenant's IP restrictions (/v1/restrictions/ip) and
 * email-domain restrictions (/restrictions/v1/email-domain), as the SDK's RestrictionsState calls them.
 */
export const restrictionsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { ipRestrictions, securityAdmin, tokens } = services;
  const IP = '/v1/restrictions/ip';
  const DOMAIN = '/restrictions/v1/email-domain';

  app.get(
    IP,
    {
      schema: {
        tags: ['security'],
        summary: 'One page of the IP allow or block list (_filter ALLOW or BLOCK)',
        security: [{ bearer: [] }],
        querystring: z.object({
          _filter: restrictionType.optional(),
          _limit: z.coerce.number().int().min(1).max(100).default(10),
          _offset: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
        response: responses({
          200: z.object({
            items: z.array(ipRestriction),
            _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
          }),
        }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.read.ipRestrictions');
      const { _filter, _limit, _offset } = request.query;
      return ipRestrictions.list(actor, { strategy: _filter, limit: _limit, offset: _offset * _limit });
    },
  );

  app.post(
    IP,
    {
      schema: {
        tags: ['security'],
        summary: 'Add an address or range to a list (or update it); refused if it would block the caller',
        security: [{ bearer: [] }],
        body: ipRestrictionInput,
        response: responses({ 200: ipRestriction }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.ipRestrictions');
      return ipRestrictions.save(actor, request.body);
    },
  );

  app.post(
    `${IP}/bulk`,
    {
      schema: {
        tags: ['security'],
        summary: 'Add several addresses or ranges at once',
        security: [{ bearer: [] }],
        body: z.object({ ips: z.array(ipRestrictionInput).min(1).max(100) }),
        response: responses({ 200: z.object({ items: z.array(ipRestriction) }) }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.ipRestrictions');
      return { items: await ipRestrictions.saveMany(actor, request.body.ips) };
    },
  );

  app.get(
    `${IP}/config`,
    {
      schema: {
        tags: ['security'],
        summary: 'Whether IP restrictions are enforced, as an allow or a block list',
        security: [{ bearer: [] }],
        response: responses({ 200: ipConfig }),
      },
    },
    async (request) =>
      ipRestrictions.config(await requirePermission(request, tokens, 'fe.secure.read.ipRestrictions')),
  );

  app.post(
    `${IP}/config`,
    {
      schema: {
        tags: ['security'],
        summary:
          'Turn IP restrictions on or off, or change the strategy; refused if it would block the caller',
        security: [{ bearer: [] }],
        body: ipConfig.partial().strict(),
        response: responses({ 200: ipConfig }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.ipRestrictions');
      return ipRestrictions.saveConfig(actor, request.body);
    },
  );

  app.delete(
    `${IP}/:id`,
    {
      schema: {
        tags: ['security'],
        summary: 'Remove an address or range; refused if it would block the caller',
        security: [{ bearer: [] }],
        params: idParams,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.delete.ipRestrictions');
      await ipRestrictions.remove(actor, request.params.id);
      return {};
    },
  );

  app.post(
    `${IP}/verify`,
    {
      schema: {
        tags: ['security'],
        summary: "Test the caller's current IP address against the tenant's restrictions as they stand",
        security: [{ bearer: [] }],
        response: responses({ 200: verified }),
      },
    },
    async (request) =>
      ipRestrictions.verify(await requirePermission(request, tokens, 'fe.secure.read.ipRestrictions')),
  );

  app.post(
    `${IP}/verify/allow`,
    {
      schema: {
        tags: ['security'],
        summary: "Is the caller's current IP address on the tenant's allow list?",
        security: [{ bearer: [] }],
        response: responses({ 200: verified }),
      },
    },
    async (request) =>
      ipRestrictions.verifyAllowList(
        await requirePermission(request, tokens, 'fe.secure.read.ipRestrictions'),
      ),
  );

  app.get(
    DOMAIN,
    {
      schema: {
        tags: ['security'],
        summary: 'The email domains on the allow and block lists',
        security: [{ bearer: [] }],
        response: responses({ 200: z.object({ items: z.array(domainRestriction) }) }),
      },
    },
    async (request) =>
      securityAdmin.domainRestrictions(
        await requirePermission(request, tokens, 'fe.secure.read.emailDomainRestrictions'),
      ),
  );

  app.post(
    DOMAIN,
    {
      schema: {
        tags: ['security'],
        summary: 'Add an email domain to the allow or block list',
        security: [{ bearer: [] }],
        body: z.object({ domain: z.string().trim().min(3).max(253), type: restrictionType }),
        response: responses({ 200: domainRestriction }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.emailDomainRestrictions');
      return securityAdmin.saveDomainRestriction(actor, request.body);
    },
  );

  app.get(
    `${DOMAIN}/config`,
    {
      schema: {
        tags: ['security'],
        summary:
          'Whether email-domain restrictions are enforced, the list in use, and public domains blocked',
        security: [{ bearer: [] }],
        response: responses({ 200: domainConfig }),
      },
    },
    async (request) =>
      securityAdmin.domainConfig(
        await requirePermission(request, tokens, 'fe.secure.read.emailDomainRestrictions'),
      ),
  );

  app.post(
    `${DOMAIN}/config`,
    {
      schema: {
        tags: ['security'],
        summary: 'Turn email-domain restrictions on or off, choose the list, block public domains',
        security: [{ bearer: [] }],
        body: z.object({
          active: z.boolean(),
          blockPublicDomains: z.boolean().optional(),
          type: restrictionType.optional(),
        }),
        response: responses({ 200: domainConfig }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.emailDomainRestrictions');
      return securityAdmin.saveDomainConfig(actor, request.body);
    },
  );

  app.delete(
    `${DOMAIN}/:id`,
    {
      schema: {
        tags: ['security'],
        summary: 'Remove an email domain from its list',
        security: [{ bearer: [] }],
        params: idParams,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.delete.emailDomainRestrictions');
      await securityAdmin.removeDomainRestriction(actor, request.params.id);
      return {};
    },
  );
};
