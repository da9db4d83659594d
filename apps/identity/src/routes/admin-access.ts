import type { FastifyRequest } from 'fastify';
import type { AdminPermission } from '../services/access-catalogue.js';
import { adminActorOf, assertPermission, type AdminActor } from '../services/admin-access.js';
import type { TokenService } from '../services/tokens.js';
import { requestMeta, requireAccessToken } from './schemas.js';

/**
 * The signed-in user as an actor in their active tenant: for the personal sections (profile,
 * privacy), which need no admin permission but still act within one tenant.
 */
export async function requireSignedIn(request: FastifyRequest, tokens: TokenService): Promise<AdminActor> {
  return adminActorOf(await requireAccessToken(request, tokens), requestMeta(request));
}

/**
 * Every admin endpoint starts here: a verified access token whose roles grant `permission`
 * (SPEC section 6), else 401/403. The actor's tenantId scopes everything the handler touches.
 */
export async function requirePermission(
  request: FastifyRequest,
  tokens: TokenService,
  permission: AdminPermission,
): Promise<AdminActor> {
  const actor = await requireSignedIn(request, tokens);
  assertPermission(actor, permission);
  return actor;
}
