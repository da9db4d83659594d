import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { mfaCodeField } from '../../auth/mfa/schemas.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { requireRecentSignIn } from '../../recent-sign-in.js';
import {
  emailField,
  emptyResponse,
  phoneNumberField,
  requestMeta,
  responses,
  tokenField,
} from '../../schemas.js';

const resetTokenField = tokenField.describe('resetPhoneNumberToken of POST /v1/phone/reset');
const changeTokenField = tokenField.describe('changePhoneNumberToken of POST /v1/phone/reset/verify');

/**
 * /identity/resources/users/v1/phone*: the phone number reset of SPEC section 4 (ResetPhoneNumber,
 * VerifyResetPhoneNumber, ChangePhoneNumber: the SDK's ResetPhoneNumberState) and the signed-in
 * change of the number proven by SMS (LoginState changePhoneNumberWithVerification).
 */
export const phoneRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { phoneReset } = services;
  const limited = credentialRateLimit(config);

  app.post(
    '/v1/phone/reset',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Lost phone: mail a code to the account (the same answer for any email)',
        body: z.object({ email: emailField }),
        response: responses({ 200: z.object({ resetPhoneNumberToken: z.string() }) }),
      },
    },
    async (request) => phoneReset.requestReset(request.body.email, requestMeta(request)),
  );

  app.post(
    '/v1/phone/reset/verify',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Prove the email with the mailed code; answers the single-use change token',
        body: z.object({ resetPhoneNumberToken: resetTokenField, code: mfaCodeField }),
        response: responses({ 200: z.object({ changePhoneNumberToken: z.string() }) }),
      },
    },
    async (request) => phoneReset.verifyReset(request.body, requestMeta(request)),
  );

  app.put(
    '/v1/phone/change',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Set the new phone number with the change token; the SMS sign-in that follows proves it',
        body: z.object({ changePhoneNumberToken: changeTokenField, phoneNumber: phoneNumberField }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await phoneReset.changePhoneNumber(request.body, requestMeta(request));
      return {};
    },
  );

  app.post(
    '/v1/phone',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: "Signed in: text a code to a new phone number to make it the account's",
        security: [{ bearer: [] }],
        body: z.object({ phoneNumber: phoneNumberField }),
        response: responses({ 200: z.object({ changePhoneId: z.string() }) }),
      },
    },
    async (request) =>
      phoneReset.startChange(
        await requireRecentSignIn(request, services),
        request.body.phoneNumber,
        requestMeta(request),
      ),
  );

  app.post(
    '/v1/phone/verify',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Signed in: the texted code proves the new phone number',
        security: [{ bearer: [] }],
        body: z.object({
          changePhoneId: z.uuid({ error: 'changePhoneId must be a valid id' }),
          code: mfaCodeField,
        }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const claims = await requireRecentSignIn(request, services);
      await phoneReset.verifyChange(claims, request.body, requestMeta(request));
      return {};
    },
  );
};
