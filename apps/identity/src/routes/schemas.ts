import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '@brizo/contract/entities/error-body';
import { tenantSchema } from '@brizo/contract/entities/tenant';
import { authenticatedSessionSchema } from '@brizo/contract/entities/user';
import { z } from 'zod';
import { appError, errorCatalogue } from '../errors.js';
import type { RequestMeta } from '../services/audit.js';
import { isPhoneNumber, normalizePhoneNumber } from '../services/sms.js';
import type { AccessTokenClaims, TokenService } from '../services/tokens.js';

// Wire schemas shared by several route areas. Each is written once here and feeds /openapi.json.

export const errorResponse = errorBodySchema.describe('Every failure: the SDK joins `errors` with ", "');

/** Response map helper: the success schema plus the error shape for every 4xx/5xx. */
export const responses = <T extends Record<number, z.ZodType>>(success: T) => ({
  ...success,
  '4xx': errorResponse,
  '5xx': errorResponse,
});

/**
 * The serializer of hot routes whose answer a view function builds field by field: the answer is
 * written as is, without the zod serializer's second pass over it (bench/RESULTS.md), while the
 * schema still documents it in /openapi.json. Only where nothing but the view's fields can reach it.
 */
export const unvalidatedJson = () => (data: unknown) => JSON.stringify(data);

export const emptyResponse = z.object({}).describe('No content of interest');

/** Issue 10: no refreshToken in the body (the contract's AuthenticatedSession says why). */
export const loginResponse = authenticatedSessionSchema;

/**
 * The password login answer: a session, or (account lifecycle, SPEC section 4 "Password
 * outcomes") no session with isBreachedPassword or a resetPasswordToken; a session may carry the
 * rotation notice (passwordExpiresIn <= notificationPeriod, in minutes).
 */
export const passwordLoginResponse = loginResponse
  .partial({ accessToken: true, expiresIn: true, expires: true })
  .extend({
    isBreachedPassword: z.boolean().optional(),
    resetPasswordToken: z.string().optional(),
    passwordExpiresIn: z.number().optional(),
    notificationPeriod: z.number().optional(),
  });

export const tenantResponse = tenantSchema;

export const passwordConfigResponse = z.object({
  allowPassphrases: z.boolean(),
  maxLength: z.number(),
  minLength: z.number(),
  minPhraseLength: z.number(),
  minOptionalTestsToPass: z.number(),
  blockPwnedPasswords: z.boolean(),
  requiredTests: z.object({ checkThreeRepeatedChars: z.boolean() }),
  optionalTests: z.object({
    requireLowercase: z.boolean(),
    requireUppercase: z.boolean(),
    requireNumbers: z.boolean(),
    requireSpecialChars: z.boolean(),
  }),
});

/** Trims, lower-cases and checks an email address. */
export const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required.' : 'Must be a valid email.') })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Must be a valid email.')
  .pipe(z.email({ error: 'Must be a valid email.' }))
  .transform((email) => email.toLowerCase());

/** A phone number in any common notation, normalised to + and digits (services/sms.ts). */
export const phoneNumberField = z
  .string({ error: 'phoneNumber must be a string' })
  .max(32, 'Must be a phone number with its country code, such as +15550100199')
  .transform(normalizePhoneNumber)
  .refine(isPhoneNumber, 'Must be a phone number with its country code, such as +15550100199');

export const passwordField = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Password is required' : 'Password must be a string'),
  })
  .min(1, 'Password is required')
  .max(1024, 'Password is too long');

export const tokenField = z.string({ error: 'token is required' }).min(1, 'token is required').max(512);

export const userIdField = z.uuid({ error: 'userId must be a valid id' });

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
});

/** The request's bearer token, unverified; 401 without one. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw appError(errorCatalogue.request.unauthorized);
  return match[1];
}

/**
 * The bearer access token of a person's session, verified: an API token's answers 403 (issue 10:
 * profile, MFA, sessions and passwords act for a person). The admin endpoints take both (admin-access.ts).
 */
export async function requireAccessToken(
  request: FastifyRequest,
  tokens: TokenService,
): Promise<AccessTokenClaims> {
  return tokens.verifyAccessToken(bearerToken(request));
}

/** `name=a,b,c`: ids the SDK joins with commas (users list, groups); at most 200. */
export const commaSeparatedIds = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(
      z
        .array(z.uuid({ error: `${name} must be ids` }))
        .min(1, `${name} is required`)
        .max(200, `${name} holds at most 200 ids`),
    );
