import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { emailField, emptyResponse, requestMeta, tokenField, userIdField } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

/**
 * /identity/resources/users: invitations. The password's unlock, change and recovery by SMS are the
 * password method's (auth/methods/password/account-routes.ts).
 */
export const lifecycleUsersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { config, services },
) => {
  const route = areaRoutes(app, services, 'users');
  const limited = credentialRateLimit(config);
  const { invitations } = services.lifecycle;

  route({
    name: 'createV1',
    method: 'POST',
    url: '/v1',
    summary: "Invite a user into the administrator's tenant (new people activate by mail)",
    access: 'session',
    body: z.object({
      email: emailField,
      name: z.string().trim().max(200).optional(),
      roleIds: z.array(z.uuid()).max(50).optional(),
      skipInviteEmail: z.boolean().optional(),
    }),
    response: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      tenantId: z.string(),
      verified: z.boolean(),
      createdAt: z.string(),
    }),
    handler: async ({ claims, request }) => {
      return invitations.invite(claims, request.body, requestMeta(request));
    },
  });

  const invitationBody = z.object({ userId: userIdField, token: tokenField });
  route({
    name: 'createV1InvitationAccept',
    method: 'POST',
    url: '/v1/invitation/accept',
    summary: 'Accept an invitation with the mailed link (userId + token)',
    access: 'public',
    config: limited,
    body: invitationBody,
    response: emptyResponse,
    handler: async ({ request }) => {
      await invitations.accept(request.body, requestMeta(request));
      return {};
    },
  });
  route({
    name: 'createV1InvitationAcceptCode',
    method: 'POST',
    url: '/v1/invitation/accept/code',
    summary: 'Accept an invitation with the mailed link and the mailed 6-digit code',
    access: 'public',
    config: limited,
    body: invitationBody.extend({
      code: z.string({ error: 'code is required' }).regex(/^\d{6}$/, 'The code is 6 digits'),
    }),
    response: emptyResponse,
    handler: async ({ request }) => {
      await invitations.accept(request.body, requestMeta(request));
      return {};
    },
  });
};
