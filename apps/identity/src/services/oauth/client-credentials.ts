import { AppError, appError, errorCatalogue } from '../../errors.js';
import type { ApiTokensService } from '../api-tokens.js';
import type { RequestMeta } from '../audit.js';

// grant_type=client_credentials at the token endpoint (RFC 6749 4.4): an API token's clientId and secret,
// authenticated the standard way, for the same access token as the API token exchange
// (POST /identity/resources/auth/v1/api-token). docs/CONTRACTS.md "Hosted login (OAuth 2)".

/** The client authentication methods of the token endpoint (RFC 6749 2.3.1, names from RFC 8414). */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;
export type ClientAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

export interface ClientCredentials {
  method: ClientAuthMethod;
  clientId: string;
  clientSecret: string;
}

/** The body parameters of a token request that take part in client authentication and scope. */
export interface ClientCredentialsRequest {
  client_id?: string | undefined;
  client_secret?: string | undefined;
  scope?: string | undefined;
}

/** The answer of RFC 6749 5.1 for this grant: no refresh token (the client authenticates again instead). */
export interface ClientCredentialsTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/**
 * Client authentication failed (RFC 6749 5.2 invalid_client, 401). `challenge` when the answer must carry
 * `WWW-Authenticate: Basic`: the client tried the Authorization header, or sent no credentials at all.
 */
export class ClientAuthenticationError extends AppError {
  constructor(
    message: string,
    readonly challenge: boolean,
  ) {
    super(errorCatalogue.oauth.clientAuthenticationFailed, message);
  }
}

const HOW_TO_AUTHENTICATE = 'HTTP Basic, or client_id and client_secret in the body';

const malformedBasic = () =>
  new ClientAuthenticationError(
    'Malformed Basic credentials: send base64 of client_id:client_secret, each form-urlencoded',
    true,
  );

/** RFC 4648 base64 with optional padding (`Buffer.from` would silently skip anything else). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** application/x-www-form-urlencoded decoding of one value (RFC 6749 2.3.1 and Appendix B). */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    throw malformedBasic();
  }
}

/** The client id and secret of an `Authorization: Basic` value (without the scheme). */
function parseBasic(token68: string): { clientId: string; clientSecret: string } {
  if (!BASE64.test(token68) || token68.length % 4 === 1) throw malformedBasic();
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(token68, 'base64'));
  } catch {
    throw malformedBasic();
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) throw malformedBasic();
  return {
    clientId: formDecode(decoded.slice(0, colon)),
    clientSecret: formDecode(decoded.slice(colon + 1)),
  };
}

/**
 * Who the client says it is: HTTP Basic (client_secret_basic) or client_id and client_secret in the body
 * (client_secret_post), never both. A client_id in the body next to Basic is tolerated when it names the
 * same client (some client libraries always send it), refused when it names another.
 */
export function clientCredentialsOf(
  authorization: string | undefined,
  body: ClientCredentialsRequest,
): ClientCredentials {
  if (authorization !== undefined && authorization.trim() !== '') {
    const match = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s+(\S*))?\s*$/.exec(authorization);
    if (!match || match[1]?.toLowerCase() !== 'basic') {
      throw new ClientAuthenticationError(
        `Unsupported client authentication: use ${HOW_TO_AUTHENTICATE}`,
        true,
      );
    }
    const basic = parseBasic(match[2] ?? '');
    if (body.client_secret !== undefined) {
      throw appError(
        errorCatalogue.oauth.invalidRequest,
        `Authenticate the client with one method only: ${HOW_TO_AUTHENTICATE}`,
      );
    }
    if (body.client_id !== undefined && body.client_id !== basic.clientId) {
      throw appError(
        errorCatalogue.oauth.invalidRequest,
        'client_id in the body is not the client authenticated with HTTP Basic',
      );
    }
    return { method: 'client_secret_basic', ...basic };
  }
  if (body.client_id === undefined && body.client_secret === undefined) {
    throw new ClientAuthenticationError(`Client authentication required: ${HOW_TO_AUTHENTICATE}`, true);
  }
  if (body.client_id === undefined) {
    throw appError(errorCatalogue.oauth.invalidRequest, 'client_id is required with client_secret');
  }
  if (body.client_secret === undefined) {
    throw appError(errorCatalogue.oauth.invalidRequest, 'client_secret is required with client_id');
  }
  return { method: 'client_secret_post', clientId: body.client_id, clientSecret: body.client_secret };
}

/**
 * The grant: client authentication, then the API token exchange's own verification and signing (unknown
 * client, wrong secret, expired or deleted token, personal token of a locked or departed owner: one
 * answer). Scopes are not supported: an empty or absent scope is accepted, any other is invalid_scope.
 */
export async function clientCredentialsGrant(
  apiTokens: Pick<ApiTokensService, 'exchange'>,
  authorization: string | undefined,
  body: ClientCredentialsRequest,
  meta: RequestMeta,
): Promise<ClientCredentialsTokenResponse> {
  const credentials = clientCredentialsOf(authorization, body);
  let signed;
  try {
    signed = await apiTokens.exchange(credentials.clientId, credentials.clientSecret, meta);
  } catch (error) {
    if (error instanceof AppError && error.errorCode === errorCatalogue.apiTokens.invalidCredentials.code) {
      throw new ClientAuthenticationError(
        errorCatalogue.oauth.clientAuthenticationFailed.message,
        credentials.method === 'client_secret_basic',
      );
    }
    throw error;
  }
  // After authentication, so only the token's holder learns what it may ask for.
  if (body.scope !== undefined && body.scope.trim() !== '') throw appError(errorCatalogue.oauth.invalidScope);
  return { access_token: signed.accessToken, token_type: 'Bearer', expires_in: signed.expiresIn };
}
