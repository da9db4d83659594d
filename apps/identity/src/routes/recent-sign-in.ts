import type { FastifyRequest } from 'fastify';
import type { Services } from '../services/index.js';
import type { AccessTokenClaims } from '../services/tokens.js';
import { requireAccessToken } from './schemas.js';

type Needs = Pick<Services, 'tokens' | 'reauthentication'>;

/**
 * Issue 10: the routes that change how the account signs in (email, phone numbers, MFA factors,
 * passkeys) start here instead of requireAccessToken: a verified token whose sign-in is recent,
 * else 403 ER-AUTH-REAUTHENTICATION-REQUIRED and nothing changes.
 */
export async function requireRecentSignIn(
  request: FastifyRequest,
  services: Needs,
): Promise<AccessTokenClaims> {
  const claims = await requireAccessToken(request, services.tokens);
  services.reauthentication.assertRecent(claims);
  return claims;
}
