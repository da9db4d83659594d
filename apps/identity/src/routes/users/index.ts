import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { credentialRateLimit } from '../rate-limit.js';
import { mfaRequiredResponse } from '../auth/mfa/schemas.js';
import {
  emailField,
  emptyResponse,
  loginResponse,
  passwordConfigResponse,
  passwordField,
  requestMeta,
  requireAccessToken,
  responses,
  tenantResponse,
  tokenField,
  userIdField,
} from '../schemas.js';
import { replyWithSession } from '../session-cookie.js';

const roleResponse = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  level: z.number(),
  tenantId: z.string(),
  vendorId: z.string(),
  permissions: z.array(z.string()).describe('Permission ids'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const meResponse = z.object({
  id: z.string(),
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  profilePictureUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  verified: z.boolean(),
  mfaEnrolled: z.boolean(),
  provider: z.string(),
  tenantId: z.string(),
  tenantIds: z.array(z.string()),
  tenants: z.array(z.object({ tenantId: z.string(), roles: z.array(roleResponse) })),
  activatedForTenant: z.boolean(),
  isLocked: z.boolean(),
  superUser: z.boolean(),
  metadata: z.string(),
  vendorMetadata: z.string().describe('JSON string: expiration, activated, signupType'),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  subAccountAccessAllowed: z.boolean(),
  managedBy: z.string(),
  groups: z.array(z.object({ id: z.string() })),
  roles: z.array(roleResponse),
  permissions: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      categoryId: z.string().nullable(),
      fePermission: z.boolean(),
      roleIds: z.array(z.string()),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});

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

/** /identity/resources/users: the current user, sign-up, activation, password reset. */
export const usersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const limited = credentialRateLimit(config);

  app.get(
    '/v2/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, with roles and permissions of the active tenant',
        response: responses({ 200: meResponse }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, services.tokens);
      return services.userProfile.me(claims.sub, claims.tenantId);
    },
  );

  for (const version of ['v1', 'v3'] as const) {
    app.get(
      `/${version}/me/tenants`,
      {
        schema: {
          tags: ['users'],
          summary: "The signed-in user's tenants and the active one",
          response: responses({ 200: currentTenantsResponse }),
        },
      },
      async (request) => {
        const claims = await requireAccessToken(request, services.tokens);
        return services.userProfile.tenants(claims.sub, claims.tenantId);
      },
    );
  }

  app.get(
    '/v2/me/tenants',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's tenants",
        response: responses({ 200: z.array(tenantResponse) }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, services.tokens);
      return (await services.userProfile.tenants(claims.sub, claims.tenantId)).tenants;
    },
  );

  app.post(
    '/v1/signUp',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary:
          'Sign up: a new account on trial (work email) or under review (personal email); activation by mail',
        body: signUpBody,
        response: responses({ 200: signUpResponse }),
      },
    },
    async (request) => services.signUp.signUp(request.body, requestMeta(request)),
  );

  const strategyResponse = responses({ 200: z.object({ shouldSetPassword: z.boolean() }) });
  app.get(
    '/v1/activate/strategy',
    {
      schema: {
        tags: ['users'],
        summary: 'Activation strategy for an activation link',
        querystring: activationQuery,
        response: strategyResponse,
      },
    },
    async (request) => services.activation.strategy(request.query),
  );
  app.post(
    '/v1/activate/strategy',
    {
      schema: {
        tags: ['users'],
        summary: 'Activation strategy for an activation link',
        body: activationQuery,
        response: strategyResponse,
      },
    },
    async (request) => services.activation.strategy(request.body),
  );

  app.post(
    '/v1/activate',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary:
          "Activate the account with the mailed link and set the password; signs in (or answers the MFA challenge when the tenant's policy forces MFA)",
        body: activationQuery.extend({
          password: passwordField.optional(),
          recaptchaToken: z.string().optional(),
          lastTermsCheck: z.string().optional(),
        }),
        response: responses({ 200: z.union([mfaRequiredResponse, loginResponse]) }),
      },
    },
    async (request, reply) => {
      const response = await services.activation.activate(request.body, requestMeta(request));
      return replyWithSession(reply, services.sessions, response);
    },
  );

  app.post(
    '/v1/activate/reset',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary:
          'Resend the activation email, or a new code for the activation-by-code page (userId + token); same answer for anybody',
        body: z.union([z.object({ email: emailField }), activationQuery]),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const { body } = request;
      if ('email' in body) await services.activation.resend(body.email, requestMeta(request));
      else await services.activation.resendCode(body, requestMeta(request));
      return {};
    },
  );

  app.post(
    '/v1/passwords/reset',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Forgot password: mail a reset link (same answer for any email)',
        body: z.object({ email: emailField }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await services.passwordReset.requestReset(request.body.email, requestMeta(request));
      return {};
    },
  );

  app.post(
    '/v2/passwords/reset/email',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Forgot password by identifier (email only): mail a reset link',
        body: z.object({ identifier: emailField, identifierType: z.literal('email').default('email') }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await services.passwordReset.requestReset(request.body.identifier, requestMeta(request));
      return {};
    },
  );

  app.post(
    '/v1/passwords/reset/verify',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Set a new password with the mailed single-use reset token',
        body: z.object({ userId: userIdField, token: tokenField, password: passwordField }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await services.passwordReset.resetPassword(request.body, requestMeta(request));
      return {};
    },
  );

  app.get(
    '/v1/passwords/config',
    {
      schema: {
        tags: ['users'],
        summary: 'Password rules (SPEC section 5)',
        querystring: z.object({ userId: z.string().optional() }),
        response: responses({ 200: passwordConfigResponse }),
      },
    },
    async () => (await services.vendorSettings.get()).passwordPolicy,
  );
};
