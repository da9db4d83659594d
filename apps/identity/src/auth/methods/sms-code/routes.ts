import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import {
  emailField,
  emptyResponse,
  phoneNumberField,
  requestMeta,
  tokenField,
} from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { mfaCodeField } from '../../second-factor/schemas.js';

const resetTokenField = tokenField.describe('resetPhoneNumberToken of POST /v1/phone/reset');
const changeTokenField = tokenField.describe('changePhoneNumberToken of POST /v1/phone/reset/verify');

/**
 * /identity/resources/users/v1/phone*: the phone number reset of SPEC section 4 (ResetPhoneNumber,
 * VerifyResetPhoneNumber, ChangePhoneNumber: the SDK's ResetPhoneNumberState) and the signed-in
 * change of the number proven by SMS (LoginState changePhoneNumberWithVerification).
 */
export const phoneResetRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'users');
  const { phoneReset } = services;
  const limited = credentialRateLimit(config);

  route({
    name: 'createV1PhoneReset',
    method: 'POST',
    url: '/v1/phone/reset',
    summary: 'Lost phone: mail a code to the account (the same answer for any email)',
    access: 'public',
    config: limited,
    body: z.object({ email: emailField }),
    response: z.object({ resetPhoneNumberToken: z.string() }),
    handler: async ({ request }) => phoneReset.requestReset(request.body.email, requestMeta(request)),
  });

  route({
    name: 'createV1PhoneResetVerify',
    method: 'POST',
    url: '/v1/phone/reset/verify',
    summary: 'Prove the email with the mailed code; answers the single-use change token',
    access: 'public',
    config: limited,
    body: z.object({ resetPhoneNumberToken: resetTokenField, code: mfaCodeField }),
    response: z.object({ changePhoneNumberToken: z.string() }),
    handler: async ({ request }) => phoneReset.verifyReset(request.body, requestMeta(request)),
  });

  route({
    name: 'replaceV1PhoneChange',
    method: 'PUT',
    url: '/v1/phone/change',
    summary: 'Set the new phone number with the change token; the SMS sign-in that follows proves it',
    access: 'public',
    config: limited,
    body: z.object({ changePhoneNumberToken: changeTokenField, phoneNumber: phoneNumberField }),
    response: emptyResponse,
    handler: async ({ request }) => {
      await phoneReset.changePhoneNumber(request.body, requestMeta(request));
      return {};
    },
  });

  route({
    name: 'createV1Phone',
    method: 'POST',
    url: '/v1/phone',
    summary: "Signed in: text a code to a new phone number to make it the account's",
    access: 'recent-sign-in',
    config: limited,
    body: z.object({ phoneNumber: phoneNumberField }),
    response: z.object({ changePhoneId: z.string() }),
    handler: async ({ claims, request }) =>
      phoneReset.startChange(claims, request.body.phoneNumber, requestMeta(request)),
  });

  route({
    name: 'createV1PhoneVerify',
    method: 'POST',
    url: '/v1/phone/verify',
    summary: 'Signed in: the texted code proves the new phone number',
    access: 'recent-sign-in',
    config: limited,
    body: z.object({
      changePhoneId: z.uuid({ error: 'changePhoneId must be a valid id' }),
      code: mfaCodeField,
    }),
    response: emptyResponse,
    handler: async ({ claims, request }) => {
      await phoneReset.verifyChange(claims, request.body, requestMeta(request));
      return {};
    },
  });
};
