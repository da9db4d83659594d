import { grantsPermission, type AdminPermission } from '@brizo/contract';
import { appError, errorCatalogue } from '../errors.js';
import type { RequestMeta } from './audit.js';
import type { AccessTokenClaims, ApiTokenClaims } from './tokens.js';

/**
 * Who is calling an admin endpoint, and for which tenant: the access token's active tenant is
 * the only tenant an admin call can read or change. Every query of an admin service takes
 * `tenantId` from here, never from the request.
 */
export interface AdminActor {
  userId: string;
  email: string;
  tenantId: string;
  superUser: boolean;
  roles: string[];
  permissions: string[];
  /** The request's address and user agent, for the audit log. */
  meta: RequestMeta;
  /**
   * Issue 10: set when an API token acts. A tenant token's userId is its clientId (no person: see
   * personOf); a personal token's is its owner's.
   */
  apiToken?: { clientId: string; type: 'tenant' | 'user' };
  /**
   * Issue 14: set when a SCIM directory acts (services/scim/context.ts). Its own events record each of
   * its requests ("User deprovisioned by SCIM"), so the team and groups services it changes members
   * and groups through do not record the same change a second time.
   */
  scimDirectoryId?: string;
}

export function adminActorOf(claims: AccessTokenClaims, meta: RequestMeta): AdminActor {
  if (!claims.tenantId) throw appError(errorCatalogue.admin.noActiveTenant);
  return {
    userId: claims.sub,
    email: claims.email,
    tenantId: claims.tenantId,
    superUser: claims.superUser,
    roles: claims.roles,
    permissions: claims.permissions,
    meta,
  };
}

/** An API token's access token as an actor (tenant tokens: their roles; personal ones: their owner's). */
export function apiTokenActorOf(claims: ApiTokenClaims, meta: RequestMeta): AdminActor {
  const personal = claims.type === 'userApiToken' || claims.type === 'userAccessToken';
  return {
    userId: (personal && claims.userId) || claims.clientId,
    email: claims.email ?? '',
    tenantId: claims.tenantId,
    superUser: false,
    roles: claims.roles,
    permissions: claims.permissions,
    meta,
    apiToken: { clientId: claims.clientId, type: personal ? 'user' : 'tenant' },
  };
}

/** The person behind the actor, for the columns that name a user: null for a tenant API token. */
export const personOf = (actor: AdminActor): string | null =>
  actor.apiToken?.type === 'tenant' ? null : actor.userId;

/** Issue 10: 403 for a tenant API token where the call acts for a person (their own API tokens). */
export function assertPerson(actor: AdminActor): void {
  if (personOf(actor) === null) throw appError(errorCatalogue.auth.personSessionRequired);
}

export const actorMay = (actor: AdminActor, permission: AdminPermission): boolean =>
  actor.superUser || grantsPermission(actor.permissions, permission);

/** 403 unless the actor holds the permission (superusers pass every check: SPEC section 6). */
export function assertPermission(actor: AdminActor, permission: AdminPermission): void {
  if (!actorMay(actor, permission)) throw appError(errorCatalogue.admin.forbidden);
}

/**
 * Vendor-wide settings (sign-in and sign-up strategies, activation, captcha, MFA strategies, the
 * vendor's security policies, the admin portal's metadata) change sign-in for every tenant: only a
 * superuser may change them, never a tenant's Admin role or 'fe.*' (that grants its own tenant only).
 */
export function assertVendorAdmin(claims: Pick<AccessTokenClaims, 'superUser'>): void {
  if (!claims.superUser) throw appError(errorCatalogue.admin.vendorOnly);
}
