import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { policyPreviewRequestSchema, policyPreviewSchema } from '@brizo/contract/entities/policy-preview';
import type { RouteOptions } from '../../../services/index.js';
import { areaRoutes } from '../../route.js';

/**
 * /identity/resources/configurations/v1/policy-preview (issue 14): who a security policy would affect
 * in the caller's active tenant if it were saved as sent. Reading it changes nothing, so the policy's
 * read permission is enough: a Read Only administrator sees the impact of the policies as they stand.
 */
export const policyPreviewRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'security');

  route({
    name: 'previewPolicyImpact',
    method: 'POST',
    url: '/v1/policy-preview',
    summary: 'Preview who a security policy would affect before it is saved (paged)',
    description:
      'kind: mfa, ipRestriction, domainRestriction, lockout, passwordHistory, passwordRotation, ' +
      'passwordExpiration or ssoEnforcement; policy: as that policy is saved (the IP and email-domain ' +
      'lists as changes to the saved entries). Answers the affected members of the active tenant, one page ' +
      '(offset, limit at most 100), their count, whether the caller would be refused, and a summary.',
    access: { permission: 'fe.secure.read.securityPolicy' },
    body: policyPreviewRequestSchema,
    response: policyPreviewSchema,
    handler: ({ actor, body }) => services.policyPreview.preview(actor, body),
  });
};
