import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { phoneNumberSchema } from '@brizo/contract/entities/phone-number';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { mfaCodeField, otcTokenField } from '../../../auth/second-factor/schemas.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { emptyResponse, phoneNumberField } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

const phoneNumberResponse = phoneNumberSchema;

const phoneIdParams = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });

const pageQuery = z.object({
  _limit: z.coerce.number().int().min(1).max(100).default(10),
  _offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** /identity/resources/users/phone-numbers: the signed-in user's own phone numbers (the SDK's PhoneNumbersApi). */
export const phoneNumbersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'users');
  const limited = credentialRateLimit(config);
  const { phoneNumbers } = services;

  route({
    name: 'phoneNumbersGetV1Me',
    method: 'GET',
    url: '/v1/me',
    tag: 'profile',
    summary: "The signed-in user's phone numbers",
    access: 'member',
    response: z.array(phoneNumberResponse),
    handler: async ({ actor }) => phoneNumbers.listOwn(actor),
  });

  route({
    name: 'phoneNumbersGetV1',
    method: 'GET',
    url: '/v1',
    tag: 'profile',
    summary: "The signed-in user's phone numbers, paged (the SDK reloads this list after a verification)",
    access: 'member',
    query: pageQuery,
    response: z.object({
      items: z.array(phoneNumberResponse),
      _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
    }),
    handler: async ({ actor, request }) => {
      const { _limit: limit, _offset: offset } = request.query;
      const { items, totalItems } = await phoneNumbers.page(actor, { limit, offset });
      return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / limit) } };
    },
  });

  route({
    name: 'phoneNumbersCreateV1',
    method: 'POST',
    url: '/v1',
    tag: 'profile',
    summary: 'Add a phone number, unverified; texts it a code and answers the otcToken to verify it with',
    access: 'recent-sign-in',
    config: limited,
    body: z.object({ phoneNumber: phoneNumberField, verify: z.boolean().default(true) }),
    response: z.object({ otcToken: z.string().optional() }),
    status: 201,
    handler: ({ actor, body }) => phoneNumbers.create(actor, body),
  });

  route({
    name: 'phoneNumbersCreateV1Preverify',
    method: 'POST',
    url: '/v1/preverify',
    tag: 'profile',
    summary: 'Text a new code to a phone number already on the profile',
    access: 'recent-sign-in',
    config: limited,
    body: z.object({ phoneNumber: phoneNumberField }),
    response: z.object({ otcToken: z.string() }),
    handler: async ({ actor, request }) => phoneNumbers.preVerify(actor, request.body.phoneNumber),
  });

  route({
    name: 'phoneNumbersCreateV1Verify',
    method: 'POST',
    url: '/v1/verify',
    tag: 'profile',
    summary: 'The texted code proves the phone number',
    access: 'recent-sign-in',
    config: limited,
    body: z.object({ otcToken: otcTokenField, code: mfaCodeField }),
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await phoneNumbers.verify(actor, request.body);
      return {};
    },
  });

  route({
    name: 'phoneNumbersDeleteV1ById',
    method: 'DELETE',
    url: '/v1/:id',
    tag: 'profile',
    summary:
      'Delete one of the signed-in user’s phone numbers: a verified one only with the code this texts to it (answers its otcToken, then POST …/delete/verify); an unverified one at once',
    access: 'recent-sign-in',
    config: limited,
    params: phoneIdParams,
    response: z.object({ phoneId: z.string(), otcToken: z.string().optional() }),
    handler: async ({ actor, request }) => phoneNumbers.remove(actor, request.params.id),
  });

  route({
    name: 'phoneNumbersCreateV1ByIdDeleteVerify',
    method: 'POST',
    url: '/v1/:id/delete/verify',
    tag: 'profile',
    summary: 'The code texted by the delete proves the phone is the user’s: the number is deleted',
    access: 'recent-sign-in',
    config: limited,
    params: phoneIdParams,
    body: z.object({ otcToken: otcTokenField, code: mfaCodeField }),
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await phoneNumbers.verifyRemoval(actor, request.params.id, request.body);
      return {};
    },
  });
};
