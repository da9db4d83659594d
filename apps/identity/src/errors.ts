// The one error catalogue of the identity server: every failure a client can see, with a stable
// code per area. Answers always take the wire shape `{ errors: [message], errorCode }`.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

interface CatalogueEntry {
  status: number;
  code: string;
  message: string;
}

const entry = (status: number, code: string, message: string): CatalogueEntry => ({ status, code, message });

export const errorCatalogue = {
  request: {
    validation: entry(400, 'ER-REQUEST-VALIDATION', 'Invalid request'),
    malformedJson: entry(400, 'ER-REQUEST-MALFORMED-JSON', 'The request body is not valid JSON'),
    badRequest: entry(400, 'ER-REQUEST-BAD', 'Invalid request'),
    unauthorized: entry(401, 'ER-REQUEST-UNAUTHORIZED', 'Unauthorized'),
    notFound: entry(404, 'ER-REQUEST-NOT-FOUND', 'Not Found'),
    tooLarge: entry(413, 'ER-REQUEST-TOO-LARGE', 'Error request is too large'),
    unsupportedMediaType: entry(
      415,
      'ER-REQUEST-MEDIA-TYPE',
      'Unsupported content type: send application/json',
    ),
    rateLimited: entry(429, 'ER-REQUEST-RATE-LIMITED', 'Too many requests, please try again in a minute'),
    internal: entry(500, 'ER-REQUEST-INTERNAL', 'Unknown error occurred'),
  },
  auth: {
    invalidCredentials: entry(401, 'ER-AUTH-INVALID-CREDENTIALS', 'Incorrect email or password'),
    userNotVerified: entry(
      401,
      'ER-AUTH-USER-NOT-VERIFIED',
      'User is not verified. Please check your inbox for the activation email',
    ),
    userLocked: entry(401, 'ER-AUTH-USER-LOCKED', 'User is locked'),
    noSession: entry(401, 'ER-AUTH-NO-SESSION', 'Session not found'),
    sessionExpired: entry(401, 'ER-AUTH-SESSION-EXPIRED', 'Session expired, please log in again'),
    invalidAccessToken: entry(401, 'ER-AUTH-INVALID-TOKEN', 'Unauthorized'),
    ssoNotConfigured: entry(404, 'ER-AUTH-SSO-NOT-FOUND', 'SSO is not configured for this user'),
    strategyNotActive: entry(400, 'ER-AUTH-STRATEGY-INACTIVE', 'This sign-in method is not enabled'),
  },
  users: {
    notFound: entry(404, 'ER-USERS-NOT-FOUND', 'User not found'),
    signUpDisabled: entry(403, 'ER-USERS-SIGNUP-DISABLED', 'Sign up is not allowed'),
    invitationInvalid: entry(400, 'ER-USERS-INVITATION-INVALID', "We couldn't verify your invitation"),
    passwordRequired: entry(400, 'ER-USERS-PASSWORD-REQUIRED', 'Password is required'),
    activationInvalid: entry(400, 'ER-USERS-ACTIVATION-INVALID', 'Activation link is invalid or expired'),
    alreadyActivated: entry(400, 'ER-USERS-ALREADY-ACTIVATED', 'User is already activated'),
    resetInvalid: entry(
      400,
      'ER-USERS-RESET-INVALID',
      'Reset password failed: Please double check your reset URL.',
    ),
    passwordPolicy: entry(400, 'ER-USERS-PASSWORD-POLICY', 'Password does not meet the password policy'),
  },
  metadata: {
    unknownEntity: entry(404, 'ER-METADATA-NOT-FOUND', 'Metadata not found'),
  },
  dev: {
    messageNotFound: entry(404, 'ER-DEV-MESSAGE-NOT-FOUND', 'Message not found'),
  },
} as const;

export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly errorCode: string;

  constructor(entry: CatalogueEntry, message: string = entry.message) {
    super(message);
    this.statusCode = entry.status;
    this.errorCode = entry.code;
  }
}

export const appError = (catalogueEntry: CatalogueEntry, message?: string) =>
  new AppError(catalogueEntry, message);

export interface ErrorBody {
  errors: string[];
  errorCode: string;
}

export const errorBody = (catalogueEntry: CatalogueEntry, message = catalogueEntry.message): ErrorBody => ({
  errors: [message],
  errorCode: catalogueEntry.code,
});

/** Fastify's own error codes for bad input, mapped to the catalogue. */
const fastifyCodes: Record<string, CatalogueEntry> = {
  FST_ERR_CTP_BODY_TOO_LARGE: errorCatalogue.request.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: errorCatalogue.request.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: errorCatalogue.request.badRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: errorCatalogue.request.malformedJson,
  FST_ERR_CTP_INVALID_JSON_BODY: errorCatalogue.request.malformedJson,
  FST_ERR_BAD_URL: errorCatalogue.request.badRequest,
};

function describeValidationError(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const messages = error.validation.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const where = field || error.validationContext || 'body';
    return `${where}: ${issue.message}`;
  });
  return [...new Set(messages)].join(', ');
}

export function toErrorResponse(error: FastifyError | AppError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { errors: [error.message], errorCode: error.errorCode } };
  }
  if (error.validation) {
    return {
      status: 400,
      body: errorBody(errorCatalogue.request.validation, describeValidationError(error)),
    };
  }
  const known = fastifyCodes[error.code];
  if (known) {
    // Fastify's JSON parse messages are helpful ("Unexpected token } in JSON at position 9"): keep them.
    const message =
      known === errorCatalogue.request.malformedJson ? `${known.message}: ${error.message}` : known.message;
    return { status: known.status, body: errorBody(known, message) };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: errorBody(
        errorCatalogue.request.badRequest,
        error.message || errorCatalogue.request.badRequest.message,
      ),
    };
  }
  return { status: 500, body: errorBody(errorCatalogue.request.internal) };
}

export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.debug({ err: error, errorCode: body.errorCode }, 'request rejected');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
