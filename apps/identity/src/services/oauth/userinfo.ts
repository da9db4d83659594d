// Issue 16: the OpenID Connect UserInfo endpoint (OpenID Connect Core 5.3) of the hosted login: what a
// standard client reads about the bearer of an access token, for the scopes openid, email and profile.
import type { Db } from '../../db/client.js';
import { findUserById } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { TokenService } from '../tokens.js';

/**
 * The scopes the hosted login grants: every authorization asks for openid, and the SDKs for email and
 * profile too. Access tokens carry no scope, so the endpoint answers the claims of all three.
 */
export const SUPPORTED_SCOPES = ['openid', 'email', 'profile'] as const;

export interface UserInfo {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
  tenantId: string | null;
  tenantIds: string[];
}

/**
 * The claims of the token's person, read now (a changed name or picture shows at once). A bad, expired or
 * revoked token, an API token and a deleted person all answer 401 (the route adds WWW-Authenticate).
 */
export async function userInfoOf(deps: { db: Db; tokens: TokenService }, token: string | undefined) {
  if (!token) throw appError(errorCatalogue.auth.invalidAccessToken);
  const caller = await deps.tokens.verifyCaller(token);
  if (caller.kind !== 'user') throw appError(errorCatalogue.auth.invalidAccessToken);
  const { claims } = caller;
  const user = await findUserById(deps.db, claims.sub);
  if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
  // Claims of the email and profile scopes, plus the tenant claims our SDKs read.
  return {
    sub: claims.sub,
    email: user.email,
    email_verified: user.verified,
    name: user.name,
    ...(user.profilePictureUrl ? { picture: user.profilePictureUrl } : {}),
    tenantId: claims.tenantId,
    tenantIds: claims.tenantIds,
  } satisfies UserInfo;
}
