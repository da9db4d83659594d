import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { credentialRateLimit } from '../../rate-limit.js';
import {
  emailField,
  emptyResponse,
  passwordField,
  requestMeta,
  tokenField,
  userIdField,
} from '../../schemas.js';
import { areaRoutes } from '../../route.js';

/** /identity/resources/users: unlock, change password, recovery by SMS, invitations. */
export const lifecycleUsersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { config, services },
) => {
  const route = areaRoutes(app, services, 'users');
  const limited = credentialRateLimit(config);
  const { passwordLifecycle, passwordChange, smsRecovery, invitations } = services.lifecycle;

  route({
    name: 'createV3MeUnlock',
    method: 'POST',
    url: '/v3/me/unlock',
    summary: 'Unlock a locked account with the single-use mailed token',
    access: 'public',
    config: limited,
    body: z.object({ token: tokenField }),
    response: emptyResponse,
    handler: async ({ request }) => {
      await passwordLifecycle.unlock(request.body.token, requestMeta(request));
      return {};
    },
  });

  route({
    name: 'createV1PasswordsChange',
    method: 'POST',
    url: '/v1/passwords/change',
    summary: 'Change the password of the signed-in user (current password required)',
    access: 'session',
    config: limited,
    body: z.object({ password: passwordField, newPassword: passwordField }),
    response: emptyResponse,
    handler: async ({ claims, request }) => {
      await passwordChange.change(
        { userId: claims.sub, sessionId: claims.sid },
        request.body,
        requestMeta(request),
      );
      return {};
    },
  });

  route({
    name: 'createV2PasswordsResetSms',
    method: 'POST',
    url: '/v2/passwords/reset/sms',
    summary: 'Forgot password by SMS: text a 6-digit code (same answer for anyone)',
    access: 'public',
    config: limited,
    body: z.object({
      identifier: z
        .string({ error: 'identifier is required' })
        .trim()
        .min(1, 'identifier is required')
        .max(254),
      identifierType: z.enum(['email', 'phoneNumber', 'username']),
      emailMetadata: z.record(z.string(), z.unknown()).optional(),
    }),
    response: z.object({ sessionId: z.string() }),
    handler: async ({ request }) => smsRecovery.send(request.body, requestMeta(request)),
  });

  route({
    name: 'createV2PasswordsResetSmsVerify',
    method: 'POST',
    url: '/v2/passwords/reset/sms/verify',
    summary: 'Check the texted code; answers the userId and a single-use reset token',
    access: 'public',
    config: limited,
    body: z.object({
      otcToken: z.string({ error: 'otcToken is required' }).regex(/^\d{6}$/, 'The code is 6 digits'),
      sessionId: z.uuid({ error: 'sessionId must be a valid id' }),
    }),
    response: z.object({ userId: z.string(), token: z.string() }),
    handler: async ({ request }) => smsRecovery.verify(request.body, requestMeta(request)),
  });

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
