import type { FastifyRequest } from 'fastify';
import type { AdminPermission } from '@brizo/contract';
import {
  adminActorOf,
  apiTokenActorOf,
  assertPermission,
  type AdminActor,
} from '../services/admin-access.js';
import type { TokenService } from '../services/tokens.js';
import { bearerToken, requestMeta, requireAccessToken } from './schemas.js';

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
 * Issue 10: an API token's access token acts too, in its tenant with its permissions (as hosted
 * Frontegg's do): a tenant token with its roles', a personal token as its owner.
 */
export async function requirePermission(
  request: FastifyRequest,
  tokens: TokenService,
  permission: AdminPermission,
): Promise<AdminActor> {
  const caller = await tokens.verifyCaller(bearerToken(request));
  const meta = requestMeta(request);
  const actor =
    caller.kind === 'user' ? adminActorOf(caller.claims, meta) : apiTokenActorOf(caller.claims, meta);
  assertPermission(actor, permission);
  return actor;
}
