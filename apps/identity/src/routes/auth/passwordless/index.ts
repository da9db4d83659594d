import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PasswordlessType } from '../../../db/schema/index.js';
import type { RouteOptions } from '../../../services/index.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { mfaRequiredResponse } from '../mfa/schemas.js';
import { emailField, loginResponse, phoneNumberField, requestMeta, responses } from '../../schemas.js';
import { replyWithSession } from '../../session-cookie.js';

/** The path segment the SDK sends (`type.toLowerCase()`) for each passwordless type. */
const typeByPath = { magiclink: 'MagicLink', code: 'Code', smscode: 'SmsCode' } as const satisfies Record<
  string,
  PasswordlessType
>;

const params = z.object({
  type: z.enum(Object.keys(typeByPath) as (keyof typeof typeByPath)[], {
    error: 'type must be magiclink, code or smscode',
  }),
});

const identifierFields = {
  email: emailField.optional(),
  // The SDK sends `username: ''` when the identifier is an email.
  username: z.string().trim().max(254).optional(),
  phoneNumber: phoneNumberField.optional(),
  userId: z.string().max(64).optional(),
  recaptchaToken: z.string().max(4096).optional(),
  invitationToken: z.string().max(512).optional(),
};

/** /identity/resources/auth/v1/passwordless: magic link, email code and SMS code sign-in. */
export const passwordlessRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { passwordless, sessions } = services;

  app.post(
    '/v1/passwordless/:type/prelogin',
    {
      config: credentialRateLimit(config),
      schema: {
        tags: ['auth'],
        summary:
          'Passwordless pre-login: mails a link or code, or texts a code (same answer for unknown users)',
        params,
        body: z.object(identifierFields),
        response: responses({
          200: z.object({
            phoneNumber: z.string().optional().describe('Echoes the phone number sent, normalised'),
          }),
        }),
      },
    },
    async (request) =>
      passwordless.preLogin(typeByPath[request.params.type], request.body, requestMeta(request)),
  );

  app.post(
    '/v1/passwordless/:type/postlogin',
    {
      config: credentialRateLimit(config),
      schema: {
        tags: ['auth'],
        summary: 'Passwordless post-login: signs in with the mailed link token or the 6-digit code',
        params,
        body: z.object({
          ...identifierFields,
          token: z
            .string({ error: 'token is required' })
            .trim()
            .min(1, 'token is required')
            .max(512)
            .describe('The magic-link token, or the 6-digit code with the identifier it was sent to'),
        }),
        response: responses({ 200: z.union([mfaRequiredResponse, loginResponse]) }),
      },
    },
    async (request, reply) => {
      const response = await passwordless.postLogin(
        typeByPath[request.params.type],
        request.body,
        requestMeta(request),
        request.cookies[services.mfa.cookieName],
      );
      // A second factor due: an mfaToken and no session yet.
      return replyWithSession(reply, sessions, response);
    },
  );
};
