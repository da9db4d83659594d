import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailRevertedSchema } from '@brizo/contract/entities/user';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { mfaCodeField } from '../../../auth/second-factor/schemas.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { emailField, emptyResponse, requestMeta, tokenField } from '../../schemas.js';
import { meResponse } from '../index.js';
import { profileImageUrl } from './image.js';
import { areaRoutes } from '../../route.js';

const metadataField = z
  .union([z.record(z.string(), z.unknown()), z.string().max(10_000)])
  .transform((value, ctx) => {
    if (typeof value !== 'string') return JSON.stringify(value);
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return value;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'metadata must be a JSON object' });
    return z.NEVER;
  })
  .refine((value) => value.length <= 10_000, 'metadata must be at most 10,000 characters');

/** The SDK sends its whole profile object back; only these fields are read, the rest is ignored. */
const profileUpdateBody = z.object({
  name: z
    .string({ error: 'name must be a string' })
    .trim()
    .max(200, 'name must be at most 200 characters')
    .optional(),
  metadata: metadataField.optional(),
  profilePictureUrl: z
    .string({ error: 'profilePictureUrl must be a string' })
    .max(1_000_000, 'profilePictureUrl is too long')
    .nullable()
    .optional(),
  phoneNumber: z.string({ error: 'phoneNumber must be a string' }).max(32).nullable().optional(),
});

/** /identity/resources/users: the signed-in user's own profile and email address (Profile section). */
export const profileRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'users');
  const limited = credentialRateLimit(config);

  route({
    name: 'replaceV2Me',
    method: 'PUT',
    url: '/v2/me',
    tag: 'profile',
    summary:
      "Update the signed-in user's name, metadata (address, job title) and picture (an image data URL is stored as an upload)",
    access: 'member',
    body: profileUpdateBody,
    response: meResponse,
    handler: async ({ actor, request }) => {
      await services.profile.update(actor, request.body, profileImageUrl(config, request));
      return services.me.me(actor.userId, actor.tenantId);
    },
  });

  route({
    name: 'createV1EmailMe',
    method: 'POST',
    url: '/v1/email/me',
    tag: 'profile',
    summary: 'Change the email address: mails a 6-digit code to the new address',
    access: 'recent-sign-in',
    config: limited,
    body: z.object({ email: emailField }),
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await services.profile.requestEmailChange(actor, request.body.email);
      return {};
    },
  });

  route({
    name: 'createV1EmailMeVerify',
    method: 'POST',
    url: '/v1/email/me/verify',
    tag: 'profile',
    summary: 'The mailed code proves the new email address, which becomes the account’s',
    access: 'recent-sign-in',
    config: limited,
    body: z.object({ email: emailField, code: mfaCodeField }),
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await services.profile.verifyEmailChange(actor, request.body);
      return {};
    },
  });

  route({
    name: 'createV1EmailRevert',
    method: 'POST',
    url: '/v1/email/revert',
    tag: 'profile',
    summary:
      'Issue 10: the link mailed to the old address undoes an email change: the old address is back, every session ends, the password is removed; answers a password-reset token',
    access: 'public',
    config: limited,
    body: z.object({ token: tokenField }),
    response: emailRevertedSchema,
    handler: async ({ request }) =>
      services.profile.revertEmailChange(request.body.token, requestMeta(request)),
  });
};
