import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import {
  emailField,
  emptyResponse,
  passwordField,
  requestMeta,
  tokenField,
  userIdField,
} from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';

/**
 * /identity/resources/users: what keeps a password usable beside the sign-in (routes.ts): the reset by
 * mail (reset.ts) or by SMS (sms-recovery.ts), the unlock of a locked account (lifecycle.ts) and the
 * change by the signed-in user (change.ts). Served among the users area's endpoints, under its ids.
 */
export const passwordAccountRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { config, services },
) => {
  const route = areaRoutes(app, services, 'users');
  const limited = credentialRateLimit(config);
  const { passwordReset } = services;
  const { passwordLifecycle, passwordChange, smsRecovery } = services.lifecycle;

  route({
    name: 'createV1PasswordsReset',
    method: 'POST',
    url: '/v1/passwords/reset',
    summary: 'Forgot password: mail a reset link (same answer for any email)',
    access: 'public',
    config: limited,
    body: z.object({ email: emailField }),
    response: emptyResponse,
    handler: async ({ request }) => {
      await passwordReset.requestReset(request.body.email, requestMeta(request));
      return {};
    },
  });

  route({
    name: 'createV2PasswordsResetEmail',
    method: 'POST',
    url: '/v2/passwords/reset/email',
    summary: 'Forgot password by identifier (email only): mail a reset link',
    access: 'public',
    config: limited,
    body: z.object({ identifier: emailField, identifierType: z.literal('email').default('email') }),
    response: emptyResponse,
    handler: async ({ request }) => {
      await passwordReset.requestReset(request.body.identifier, requestMeta(request));
      return {};
    },
  });

  route({
    name: 'createV1PasswordsResetVerify',
    method: 'POST',
    url: '/v1/passwords/reset/verify',
    summary: 'Set a new password with the mailed single-use reset token',
    access: 'public',
    config: limited,
    body: z.object({ userId: userIdField, token: tokenField, password: passwordField }),
    response: emptyResponse,
    handler: async ({ request }) => {
      await passwordReset.resetPassword(request.body, requestMeta(request));
      return {};
    },
  });

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
};
