import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaPolicySchema, publicCaptchaPolicySchema } from '@brizo/contract/entities/security-policies';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { requestMeta } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

const publicPolicy = publicCaptchaPolicySchema;
const adminPolicy = captchaPolicySchema;
const policyChange = z
  .object({
    enabled: z.boolean(),
    siteKey: z.string().trim().min(1).max(512).nullable(),
    secretKey: z.string().trim().min(1).max(512).nullable(),
    minScore: z.number().min(0).max(1),
    ignoredEmails: z.array(z.email().max(254)).max(1000),
  })
  .partial();

/** /identity/resources/configurations/v1/captcha-policy: public (login box) and admin views. Off by default. */
export const captchaPolicyRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'security');
  const { captchaPolicy } = services;

  route({
    name: 'getV1CaptchaPolicyPublic',
    method: 'GET',
    url: '/v1/captcha-policy/public',
    summary: 'Captcha policy for the login box (never the secret key)',
    access: 'public',
    response: publicPolicy,
    handler: async () => captchaPolicy.publicPolicy(),
  });

  route({
    name: 'getV1CaptchaPolicy',
    method: 'GET',
    url: '/v1/captcha-policy',
    summary: 'Captcha policy (administrators)',
    access: { permission: 'fe.secure.read.securityPolicy' },
    response: adminPolicy,
    handler: async ({ actor }) => {
      // The Security section shows the policy to whoever may read security policies. The policy is
      // the vendor's, so its secret key goes only to those who may change it: superusers.
      if (actor.superUser) return captchaPolicy.adminPolicy(actor);
      return { ...(await captchaPolicy.publicPolicy()), secretKey: null };
    },
  });

  for (const method of ['POST', 'PUT'] as const) {
    route({
      name: method === 'POST' ? 'createV1CaptchaPolicy' : 'replaceV1CaptchaPolicy',
      method,
      url: '/v1/captcha-policy',
      summary: 'Change the captcha policy (superuser only); enabling needs siteKey and secretKey',
      access: 'vendor',
      body: policyChange,
      response: adminPolicy,
      handler: ({ claims, request, body }) => captchaPolicy.update(claims, body, requestMeta(request)),
    });
  }
};
