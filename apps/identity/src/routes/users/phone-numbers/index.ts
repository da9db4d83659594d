import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { requireSignedIn } from '../../admin-access.js';
import { requireRecentSignInActor } from '../../recent-sign-in.js';
import { mfaCodeField, otcTokenField } from '../../auth/mfa/schemas.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { emptyResponse, phoneNumberField, responses } from '../../schemas.js';

const phoneNumberResponse = z.object({
  id: z.string(),
  userId: z.string(),
  phoneNumber: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const phoneIdParams = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });

const pageQuery = z.object({
  _limit: z.coerce.number().int().min(1).max(100).default(10),
  _offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** /identity/resources/users/phone-numbers: the signed-in user's own phone numbers (the SDK's PhoneNumbersApi). */
export const phoneNumbersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const limited = credentialRateLimit(config);
  const { phoneNumbers, tokens } = services;

  app.get(
    '/v1/me',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's phone numbers",
        security: [{ bearer: [] }],
        response: responses({ 200: z.array(phoneNumberResponse) }),
      },
    },
    async (request) => phoneNumbers.listOwn(await requireSignedIn(request, tokens)),
  );

  app.get(
    '/v1',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's phone numbers, paged (the SDK reloads this list after a verification)",
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: responses({
          200: z.object({
            items: z.array(phoneNumberResponse),
            _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
          }),
        }),
      },
    },
    async (request) => {
      const actor = await requireSignedIn(request, tokens);
      const { _limit: limit, _offset: offset } = request.query;
      const { items, totalItems } = await phoneNumbers.page(actor, { limit, offset });
      return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / limit) } };
    },
  );

  app.post(
    '/v1',
    {
      config: limited,
      schema: {
        tags: ['profile'],
        summary: 'Add a phone number, unverified; texts it a code and answers the otcToken to verify it with',
        security: [{ bearer: [] }],
        body: z.object({ phoneNumber: phoneNumberField, verify: z.boolean().default(true) }),
        response: responses({ 201: z.object({ otcToken: z.string().optional() }) }),
      },
    },
    async (request, reply) => {
      const actor = await requireRecentSignInActor(request, services);
      return reply.code(201).send(await phoneNumbers.create(actor, request.body));
    },
  );

  app.post(
    '/v1/preverify',
    {
      config: limited,
      schema: {
        tags: ['profile'],
        summary: 'Text a new code to a phone number already on the profile',
        security: [{ bearer: [] }],
        body: z.object({ phoneNumber: phoneNumberField }),
        response: responses({ 200: z.object({ otcToken: z.string() }) }),
      },
    },
    async (request) =>
      phoneNumbers.preVerify(await requireRecentSignInActor(request, services), request.body.phoneNumber),
  );

  app.post(
    '/v1/verify',
    {
      config: limited,
      schema: {
        tags: ['profile'],
        summary: 'The texted code proves the phone number',
        security: [{ bearer: [] }],
        body: z.object({ otcToken: otcTokenField, code: mfaCodeField }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await phoneNumbers.verify(await requireRecentSignInActor(request, services), request.body);
      return {};
    },
  );

  app.delete(
    '/v1/:id',
    {
      config: limited,
      schema: {
        tags: ['profile'],
        summary:
          'Delete one of the signed-in user’s phone numbers: a verified one only with the code this texts to it (answers its otcToken, then POST …/delete/verify); an unverified one at once',
        security: [{ bearer: [] }],
        params: phoneIdParams,
        response: responses({ 200: z.object({ phoneId: z.string(), otcToken: z.string().optional() }) }),
      },
    },
    async (request) =>
      phoneNumbers.remove(await requireRecentSignInActor(request, services), request.params.id),
  );

  app.post(
    '/v1/:id/delete/verify',
    {
      config: limited,
      schema: {
        tags: ['profile'],
        summary: 'The code texted by the delete proves the phone is the user’s: the number is deleted',
        security: [{ bearer: [] }],
        params: phoneIdParams,
        body: z.object({ otcToken: otcTokenField, code: mfaCodeField }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await phoneNumbers.verifyRemoval(
        await requireRecentSignInActor(request, services),
        request.params.id,
        request.body,
      );
      return {};
    },
  );
};
