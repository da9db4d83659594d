import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@brizo/contract/entities/user';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { credentialRateLimit } from '../rate-limit.js';
import { mfaRequiredResponse } from '../../auth/second-factor/schemas.js';
import {
  emailField,
  emptyResponse,
  loginResponse,
  passwordConfigResponse,
  passwordField,
  requestMeta,
  tenantResponse,
  tokenField,
  userIdField,
} from '../schemas.js';
import { replyWithSession } from '../../auth/session-reply.js';
import { areaRoutes } from '../route.js';

export const meResponse = userSchema;

const currentTenantsResponse = z.object({
  tenants: z.array(tenantResponse),
  activeTenant: tenantResponse.nullable(),
});

/** SPEC section 5's company-name rule: a new account's name. */
const companyNameField = z
  .string({ error: 'Company Name is required.' })
  .trim()
  .min(1, 'Company Name is required.')
  .min(3, 'Company Name must be at least 3 characters.')
  .max(200, 'Company Name must be at most 200 characters.');

export const signUpBody = z
  .object({
    email: emailField,
    companyName: z
      .string({ error: 'Company Name is required.' })
      .max(200, 'Company Name must be at most 200 characters.')
      .optional(),
    name: z.string().trim().max(200).optional(),
    phoneNumber: z.string().trim().max(32).optional(),
    username: z.string().trim().max(100).optional(),
    url: z.string().max(2048).optional(),
    invitationToken: z.string().max(512).optional(),
    recaptchaToken: z.string().optional(),
    provider: z.string().optional(),
    metadata: z
      .union([z.record(z.string(), z.unknown()), z.string().max(10_000)])
      .transform((value, ctx) => {
        if (typeof value !== 'string') return value;
        try {
          const parsed: unknown = JSON.parse(value);
          if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { ...parsed };
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: 'metadata must be a JSON object' });
        return z.NEVER;
      })
      .optional()
      .describe('Free-form user metadata (firstName, lastName, source), as an object or a JSON string'),
  })
  // A sign-up through an account's invite link joins that account: it names no company of its own.
  .superRefine((body, ctx) => {
    if (body.invitationToken) return;
    const checked = companyNameField.safeParse(body.companyName);
    for (const issue of checked.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: issue.message });
    }
  });

export const activationQuery = z.object({ userId: userIdField, token: tokenField });

export const signUpResponse = z.object({
  shouldActivate: z.boolean(),
  userId: z.string(),
  tenantId: z.string(),
  activationToken: z
    .string()
    .optional()
    .describe(
      'When the vendor activates by code: opens /account/activate/code, useless without the mailed code',
    ),
  user: z
    .object({ vendorMetadata: z.string() })
    .optional()
    .describe(
      "vendorMetadata's signupType (personal or work, from the email's domain): a personal email goes to review",
    ),
});

/**
 * /identity/resources/users: the current user, sign-up, activation and the password rules. The password
 * reset is the password method's (auth/methods/password/account-routes.ts).
 */
export const usersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'users');
  const limited = credentialRateLimit(config);

  route({
    name: 'getV2Me',
    method: 'GET',
    url: '/v2/me',
    summary: 'The signed-in user, with roles and permissions of the active tenant',
    access: 'session',
    response: meResponse,
    handler: async ({ claims }) => {
      return services.me.me(claims.sub, claims.tenantId);
    },
  });

  for (const version of ['v1', 'v3'] as const) {
    route({
      name: `get${version}MeTenants`,
      method: 'GET',
      url: `/${version}/me/tenants`,
      summary: "The signed-in user's tenants and the active one",
      access: 'session',
      response: currentTenantsResponse,
      handler: async ({ claims }) => {
        return services.me.tenants(claims.sub, claims.tenantId);
      },
    });
  }

  route({
    name: 'getV2MeTenants',
    method: 'GET',
    url: '/v2/me/tenants',
    summary: "The signed-in user's tenants",
    access: 'session',
    response: z.array(tenantResponse),
    handler: async ({ claims }) => {
      return (await services.me.tenants(claims.sub, claims.tenantId)).tenants;
    },
  });

  route({
    name: 'createV1SignUp',
    method: 'POST',
    url: '/v1/signUp',
    summary:
      'Sign up: a new account on trial (work email) or under review (personal email); activation by mail',
    access: 'public',
    config: limited,
    body: signUpBody,
    response: signUpResponse,
    handler: async ({ request }) => services.signUp.signUp(request.body, requestMeta(request)),
  });

  const strategyResponse = z.object({ shouldSetPassword: z.boolean() });
  route({
    name: 'getV1ActivateStrategy',
    method: 'GET',
    url: '/v1/activate/strategy',
    summary: 'Activation strategy for an activation link',
    access: 'public',
    query: activationQuery,
    response: strategyResponse,
    handler: ({ query }) => services.activation.strategy(query),
  });
  route({
    name: 'createV1ActivateStrategy',
    method: 'POST',
    url: '/v1/activate/strategy',
    summary: 'Activation strategy for an activation link',
    access: 'public',
    body: activationQuery,
    response: strategyResponse,
    handler: ({ body }) => services.activation.strategy(body),
  });

  route({
    name: 'createV1Activate',
    method: 'POST',
    url: '/v1/activate',
    summary:
      "Activate the account with the mailed link and set the password; signs in (or answers the MFA challenge when the tenant's policy forces MFA)",
    access: 'public',
    config: limited,
    body: activationQuery.extend({
      password: passwordField.optional(),
      recaptchaToken: z.string().optional(),
      lastTermsCheck: z.string().optional(),
    }),
    response: z.union([mfaRequiredResponse, loginResponse]),
    handler: async ({ request, reply }) => {
      const response = await services.activation.activate(request.body, requestMeta(request));
      return replyWithSession(reply, services.sessions, response);
    },
  });

  route({
    name: 'createV1ActivateReset',
    method: 'POST',
    url: '/v1/activate/reset',
    summary:
      'Resend the activation email, or a new code for the activation-by-code page (userId + token); same answer for anybody',
    access: 'public',
    config: limited,
    body: z.union([z.object({ email: emailField }), activationQuery]),
    response: emptyResponse,
    handler: async ({ request }) => {
      const { body } = request;
      if ('email' in body) await services.activation.resend(body.email, requestMeta(request));
      else await services.activation.resendCode(body, requestMeta(request));
      return {};
    },
  });

  route({
    name: 'getV1PasswordsConfig',
    method: 'GET',
    url: '/v1/passwords/config',
    summary: 'Password rules (SPEC section 5)',
    access: 'public',
    query: z.object({ userId: z.string().optional() }),
    response: passwordConfigResponse,
    handler: async () => (await services.vendorSettings.get()).passwordPolicy,
  });
};
