import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { credentialRateLimit } from '../../rate-limit.js';
import {
  emailField,
  emptyResponse,
  passwordField,
  requestMeta,
  requireAccessToken,
  responses,
  tokenField,
  userIdField,
} from '../../schemas.js';

/** /identity/resources/users: unlock, change password, recovery by SMS, invitations. */
export const lifecycleUsersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { config, services },
) => {
  const limited = credentialRateLimit(config);
  const { passwordLifecycle, passwordChange, smsRecovery, invitations } = services.lifecycle;

  app.post(
    '/v3/me/unlock',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Unlock a locked account with the single-use mailed token',
        body: z.object({ token: tokenField }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await passwordLifecycle.unlock(request.body.token, requestMeta(request));
      return {};
    },
  );

  app.post(
    '/v1/passwords/change',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Change the password of the signed-in user (current password required)',
        body: z.object({ password: passwordField, newPassword: passwordField }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, services.tokens);
      await passwordChange.change(
        { userId: claims.sub, sessionId: claims.sid },
        request.body,
        requestMeta(request),
      );
      return {};
    },
  );

  app.post(
    '/v2/passwords/reset/sms',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Forgot password by SMS: text a 6-digit code (same answer for anyone)',
        body: z.object({
          identifier: z
            .string({ error: 'identifier is required' })
            .trim()
            .min(1, 'identifier is required')
            .max(254),
          identifierType: z.enum(['email', 'phoneNumber', 'username']),
          emailMetadata: z.record(z.string(), z.unknown()).optional(),
        }),
        response: responses({ 200: z.object({ sessionId: z.string() }) }),
      },
    },
    async (request) => smsRecovery.send(request.body, requestMeta(request)),
  );

  app.post(
    '/v2/passwords/reset/sms/verify',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Check the texted code; answers the userId and a single-use reset token',
        body: z.object({
          otcToken: z.string({ error: 'otcToken is required' }).regex(/^\d{6}$/, 'The code is 6 digits'),
          sessionId: z.uuid({ error: 'sessionId must be a valid id' }),
        }),
        response: responses({ 200: z.object({ userId: z.string(), token: z.string() }) }),
      },
    },
    async (request) => smsRecovery.verify(request.body, requestMeta(request)),
  );

  app.post(
    '/v1',
    {
      schema: {
        tags: ['users'],
        summary: "Invite a user into the administrator's tenant (new people activate by mail)",
        body: z.object({
          email: emailField,
          name: z.string().trim().max(200).optional(),
          roleIds: z.array(z.uuid()).max(50).optional(),
          skipInviteEmail: z.boolean().optional(),
        }),
        response: responses({
          200: z.object({
            id: z.string(),
            email: z.string(),
            name: z.string(),
            tenantId: z.string(),
            verified: z.boolean(),
            createdAt: z.string(),
          }),
        }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, services.tokens);
      return invitations.invite(claims, request.body, requestMeta(request));
    },
  );

  const invitationBody = z.object({ userId: userIdField, token: tokenField });
  app.post(
    '/v1/invitation/accept',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Accept an invitation with the mailed link (userId + token)',
        body: invitationBody,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await invitations.accept(request.body, requestMeta(request));
      return {};
    },
  );
  app.post(
    '/v1/invitation/accept/code',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Accept an invitation with the mailed link and the mailed 6-digit code',
        body: invitationBody.extend({
          code: z.string({ error: 'code is required' }).regex(/^\d{6}$/, 'The code is 6 digits'),
        }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await invitations.accept(request.body, requestMeta(request));
      return {};
    },
  );
};
