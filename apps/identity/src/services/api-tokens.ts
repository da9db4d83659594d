import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import { atomicMethods, type Db } from '../db/client.js';
import {
  deleteApiToken,
  findApiTokenInScope,
  findApiTokenGrant,
  findAssignableRoles,
  insertApiToken,
  listTenantApiTokens,
  listUserApiTokens,
  updateApiToken,
  type ApiTokenGrantRow,
  type ApiTokenListing,
} from '../db/queries/api-tokens.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';
import { grantsPermission } from '@brizo/contract';
import { assertPerson, personOf, type AdminActor } from './admin-access.js';
import { auditChange } from './audit-changes.js';
import { auditEvents, recordAdminAudit, type RequestMeta } from './audit.js';
import type { IpRestrictionService } from './security/ip-restrictions.js';
import type { ApiTokenUseRecorder } from './audits/buffer.js';
import { z } from 'zod';
import type { ApiTokenKind } from '../db/schema/index.js';
import { apiTokenKeys, type ApiTokenCaller, type SignedAccessToken, type TokenService } from './tokens.js';
import { revocationKeys, type RevocationList } from './revocations.js';

// Personal and tenant API tokens (SPEC section 3 "API token", section 6) and their client-credentials
// exchange. Why the secret is a SHA-256 and not an argon2 hash: docs/decisions/0007-api-token-secrets.md.

/** 256 random bits: guessing is hopeless, so a fast hash is as safe as a slow one. */
const SECRET_BYTES = 32;
/** How long the exchange reuses a token's grant before reading it again (another server's delete, role changes). */
export const API_TOKEN_GRANT_TTL_MS = 10_000;
const MAX_CACHED_GRANTS = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const kindName = (kind: ApiTokenKind) => (kind === 'accessToken' ? 'access token' : 'API token');

const hashSecret = (secret: string): Buffer => createHash('sha256').update(secret).digest();

// Type aliases, not interfaces: fastify's typed reply.send() needs their implicit index signature.
export type TenantApiTokenView = {
  clientId: string;
  description: string;
  tenantId: string;
  createdByUserId: string | null;
  metadata: Record<string, unknown>;
  roleIds: string[];
  permissionIds: string[];
  createdAt: string;
  expires?: string;
};

export type PersonalApiTokenView = {
  clientId: string;
  description: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  expires?: string;
};

const expiresOf = (row: ApiTokenListing) => (row.expiresAt ? { expires: row.expiresAt.toISOString() } : {});

const tenantView = (row: ApiTokenListing): TenantApiTokenView => ({
  clientId: row.clientId,
  description: row.description,
  tenantId: row.tenantId,
  createdByUserId: row.createdByUserId,
  metadata: {},
  roleIds: row.roleIds,
  permissionIds: [],
  createdAt: row.createdAt.toISOString(),
  ...expiresOf(row),
});

const personalView = (row: ApiTokenListing): PersonalApiTokenView => ({
  clientId: row.clientId,
  description: row.description,
  metadata: {},
  createdAt: row.createdAt.toISOString(),
  ...expiresOf(row),
});

/** PATCH of a token: what the portal may change after creation (never the secret nor the expiry). */
export interface ApiTokenChanges {
  description?: string | undefined;
  roleIds?: string[] | undefined;
}

export interface NewApiTokenInput {
  description?: string | undefined;
  expiresInMinutes?: number | null | undefined;
}

/** An access token (SPEC "API token types": accessToken) as the portal lists it; its secret only once. */
export type AccessTokenView = {
  id: string;
  description: string;
  createdAt: string;
  expires?: string;
};
export type TenantAccessTokenView = AccessTokenView & { roleIds: string[]; createdByUserId: string | null };

const accessView = (row: ApiTokenListing): AccessTokenView => ({
  id: row.clientId,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  ...expiresOf(row),
});
const tenantAccessView = (row: ApiTokenListing): TenantAccessTokenView => ({
  ...accessView(row),
  roleIds: row.roleIds,
  createdByUserId: row.createdByUserId,
});

/** "Never expires": the signed token still needs an exp, so a century from its creation. */
const NO_EXPIRY_SECONDS = 100 * 365 * 86_400;

/** A token's grant as the exchange needs it, computed once per read. */
interface CachedGrant {
  kind: ApiTokenKind;
  /** What its access tokens may do now; null when a personal token's owner is locked or left the tenant. */
  claims: Record<string, unknown> | null;
  tenantId: string;
  secretHash: Buffer;
  expiresAtMs: number | null;
  /** Signs the grant's access tokens; null when a personal token's owner is locked or left the tenant. */
  sign: ((expiresIn: number) => SignedAccessToken) | null;
  loadedAt: number;
  /** The revocations that make this grant stale (services/revocations.ts): the token's, and its owner's. */
  revokedBy: string[];
}

function claimsOf(grant: ApiTokenGrantRow): Record<string, unknown> | null {
  const common = { clientId: grant.clientId, tenantId: grant.tenantId, metadata: {} };
  if (grant.userId === null) {
    return {
      sub: grant.clientId,
      ...common,
      roles: grant.tokenRoleKeys,
      permissions: grant.tokenPermissionKeys,
      createdByUserId: grant.createdByUserId,
      type: 'tenantApiToken',
    };
  }
  if (grant.ownerLocked || !grant.ownerTenantIds.includes(grant.tenantId)) return null;
  return {
    sub: grant.userId,
    ...common,
    userId: grant.userId,
    email: grant.ownerEmail,
    roles: grant.ownerRoleKeys,
    permissions: grant.ownerPermissionKeys,
    type: 'userApiToken',
  };
}

export function createApiTokensService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  ipRestrictions: Pick<IpRestrictionService, 'assertAllowed'>;
  /** Issue 10: a deleted token's access tokens, or those with its old roles, stop at once. */
  revocations: RevocationList;
  /** Issue 14: each exchange is audited, buffered off the request path (services/audits/buffer.ts). */
  apiTokenUse: Pick<ApiTokenUseRecorder, 'exchanged'>;
}) {
  const { db, config, clock, tokens, ipRestrictions, revocations } = deps;
  const revokeIssued = (clientId: string) =>
    revocations.revoke(revocationKeys.apiToken(clientId), clock.now().getTime());
  const grants = new Map<string, CachedGrant>();

  function signerOf(row: ApiTokenGrantRow, claims = claimsOf(row)): CachedGrant['sign'] {
    return (
      claims &&
      tokens.prepareApiTokenSigner(claims, {
        clientId: row.clientId,
        tenantId: row.tenantId,
        userId: row.userId,
      })
    );
  }

  /** The token's grant if read less than API_TOKEN_GRANT_TTL_MS ago: no promise on the hot path. */
  function cachedGrant(clientId: string, now: number): CachedGrant | undefined {
    const cached = grants.get(clientId);
    if (!cached || now < cached.loadedAt || now - cached.loadedAt > API_TOKEN_GRANT_TTL_MS) return undefined;
    // Issue 10: an owner disabled, removed or locked since the read must not get fresh tokens from it.
    if (
      revocations.size > 0 &&
      cached.revokedBy.some((key) => (revocations.revokedAt(key, now) ?? -1) >= cached.loadedAt)
    ) {
      return undefined;
    }
    return cached;
  }

  async function loadGrant(clientId: string, now: number): Promise<CachedGrant | undefined> {
    const row = await findApiTokenGrant(db, clientId, new Date(now));
    if (!row) {
      grants.delete(clientId);
      return undefined;
    }
    const claims = claimsOf(row);
    const grant: CachedGrant = {
      kind: row.kind,
      claims,
      tenantId: row.tenantId,
      secretHash: Buffer.from(row.secretHash, 'hex'),
      expiresAtMs: row.expiresAt?.getTime() ?? null,
      sign: signerOf(row, claims),
      loadedAt: now,
      revokedBy: apiTokenKeys(row),
    };
    if (grants.size >= MAX_CACHED_GRANTS) grants.delete(grants.keys().next().value ?? '');
    grants.set(clientId, grant);
    return grant;
  }

  async function create(
    actor: AdminActor,
    input: NewApiTokenInput,
    owner: { userId: string | null; roleIds: string[] },
    kind: ApiTokenKind = 'clientCredentials',
  ): Promise<{ row: ApiTokenListing; secret: string }> {
    // An access token's row keeps the hash of a secret nobody is told: it is never exchanged.
    const secret = randomBytes(SECRET_BYTES).toString('base64url');
    const now = clock.now();
    const row = await insertApiToken(db, {
      tenantId: actor.tenantId,
      userId: owner.userId,
      createdByUserId: personOf(actor),
      description: input.description ?? '',
      secretHash: hashSecret(secret).toString('hex'),
      roleIds: owner.roleIds,
      createdAt: now,
      expiresAt: input.expiresInMinutes ? new Date(now.getTime() + input.expiresInMinutes * 60_000) : null,
      kind,
    });
    await recordAdminAudit(
      db,
      actor,
      auditEvents.apiTokenCreated,
      {
        description: `${owner.userId ? 'Personal' : 'Tenant'} ${kindName(kind)} ${row.clientId} created`,
        json: {
          clientId: row.clientId,
          type: owner.userId ? 'user' : 'tenant',
          kind,
          description: row.description,
          roleIds: owner.roleIds,
          expiresInMinutes: input.expiresInMinutes ?? null,
          ...auditChange(null, fieldsOf(row)),
        },
      },
      now,
    );
    return { row, secret };
  }

  /** Only roles assignable in the tenant, and only those whose permissions the creator holds. */
  async function assertGrantable(actor: AdminActor, roleIds: string[]): Promise<void> {
    const unique = [...new Set(roleIds)];
    const found = await findAssignableRoles(db, actor.tenantId, unique);
    if (found.length !== unique.length) throw appError(errorCatalogue.apiTokens.roleNotFound);
    if (actor.superUser) return;
    const exceeds = found.some((role) =>
      role.permissionKeys.some((key) => !grantsPermission(actor.permissions, key)),
    );
    if (exceeds) throw appError(errorCatalogue.apiTokens.roleNotGrantable);
  }

  async function remove(
    actor: AdminActor,
    clientId: string,
    userId: string | null,
    kind: ApiTokenKind = 'clientCredentials',
  ): Promise<void> {
    const deleted = await deleteApiToken(db, { tenantId: actor.tenantId, userId, kind }, clientId);
    if (!deleted) throw appError(errorCatalogue.apiTokens.notFound);
    grants.delete(clientId);
    revokeIssued(clientId);
    await auditTokenChange(actor, 'deleted', clientId, userId, auditChange(fieldsOf(deleted), null), kind);
  }

  /** Signs the access token of a row just inserted: its claims as the exchange would make them. */
  async function signAccessToken(row: ApiTokenListing, expiresInMinutes: number | null | undefined) {
    const grant = await findApiTokenGrant(db, row.clientId, clock.now());
    const claims = grant && claimsOf(grant);
    if (!grant || !claims) throw appError(errorCatalogue.apiTokens.notFound);
    const type = grant.userId === null ? 'tenantAccessToken' : 'userAccessToken';
    const sign = tokens.prepareApiTokenSigner(
      { ...claims, type },
      { clientId: row.clientId, tenantId: row.tenantId, userId: row.userId },
    );
    return sign(expiresInMinutes ? expiresInMinutes * 60 : NO_EXPIRY_SECONDS).accessToken;
  }

  /** A token's fields, as the audit log's before and after show them (never its secret). */
  const fieldsOf = (row: ApiTokenListing) => ({
    description: row.description,
    roleIds: [...row.roleIds].sort(),
    expiresAt: row.expiresAt,
  });

  /** The audit record of a token deleted or changed (its creation records more, in create()). */
  const auditTokenChange = (
    actor: AdminActor,
    verb: 'deleted' | 'updated',
    clientId: string,
    userId: string | null,
    json: Record<string, unknown> = {},
    kind: ApiTokenKind = 'clientCredentials',
  ) =>
    recordAdminAudit(
      db,
      actor,
      verb === 'deleted' ? auditEvents.apiTokenDeleted : auditEvents.apiTokenUpdated,
      {
        description: `${userId ? 'Personal' : 'Tenant'} ${kindName(kind)} ${clientId} ${verb}`,
        json: { clientId, type: userId ? 'user' : 'tenant', kind, ...json },
      },
      clock.now(),
    );

  async function update(
    actor: AdminActor,
    clientId: string,
    userId: string | null,
    changes: ApiTokenChanges,
  ): Promise<ApiTokenListing> {
    const set = {
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.roleIds === undefined ? {} : { roleIds: changes.roleIds }),
    };
    if (Object.keys(set).length === 0) throw appError(errorCatalogue.apiTokens.noChanges);
    const before = await findApiTokenInScope(db, { tenantId: actor.tenantId, userId }, clientId);
    const row = await updateApiToken(db, { tenantId: actor.tenantId, userId }, clientId, set);
    if (!row || !before) throw appError(errorCatalogue.apiTokens.notFound);
    // The exchange signs with the roles it read: drop them, so new roles apply from the next exchange.
    grants.delete(clientId);
    if (set.roleIds) revokeIssued(clientId);
    await auditTokenChange(actor, 'updated', clientId, userId, {
      changes: set,
      ...auditChange(fieldsOf(before), fieldsOf(row)),
    });
    return row;
  }

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  const changes = [
    'createTenantToken',
    'deleteTenantToken',
    'updateTenantToken',
    'createPersonalToken',
    'deletePersonalToken',
    'updatePersonalToken',
    'createTenantAccessToken',
    'deleteTenantAccessToken',
    'createPersonalAccessToken',
    'deletePersonalAccessToken',
  ] as const;
  return atomicMethods(db, changes, {
    async listTenantTokens(actor: AdminActor): Promise<TenantApiTokenView[]> {
      return (await listTenantApiTokens(db, actor.tenantId)).map(tenantView);
    },

    async createTenantToken(
      actor: AdminActor,
      input: NewApiTokenInput & { roleIds?: string[] | undefined },
    ): Promise<TenantApiTokenView & { secret: string }> {
      const roleIds = [...new Set(input.roleIds ?? [])];
      await assertGrantable(actor, roleIds);
      const { row, secret } = await create(actor, input, { userId: null, roleIds });
      return { ...tenantView(row), secret };
    },

    deleteTenantToken: (actor: AdminActor, clientId: string) => remove(actor, clientId, null),

    /** New roles follow the creation's rule: assignable in the tenant and within the caller's own permissions. */
    async updateTenantToken(
      actor: AdminActor,
      clientId: string,
      changes: ApiTokenChanges,
    ): Promise<TenantApiTokenView> {
      const roleIds = changes.roleIds && [...new Set(changes.roleIds)];
      if (roleIds) await assertGrantable(actor, roleIds);
      return tenantView(await update(actor, clientId, null, { description: changes.description, roleIds }));
    },

    async listPersonalTokens(actor: AdminActor): Promise<PersonalApiTokenView[]> {
      assertPerson(actor);
      return (await listUserApiTokens(db, actor.tenantId, actor.userId)).map(personalView);
    },

    /** SPEC section 6: personal tokens act with their owner's roles and take none of their own. */
    async createPersonalToken(
      actor: AdminActor,
      input: NewApiTokenInput & { roleIds?: string[] | undefined },
    ): Promise<PersonalApiTokenView & { secret: string }> {
      assertPerson(actor);
      if (input.roleIds?.some((id) => id !== '')) throw appError(errorCatalogue.apiTokens.userTokenRoles);
      const { row, secret } = await create(actor, input, { userId: actor.userId, roleIds: [] });
      return { ...personalView(row), secret };
    },

    async deletePersonalToken(actor: AdminActor, clientId: string) {
      assertPerson(actor);
      await remove(actor, clientId, actor.userId);
    },

    /** Only the description: a personal token acts with its owner's roles and takes none (as on creation). */
    async updatePersonalToken(
      actor: AdminActor,
      clientId: string,
      changes: ApiTokenChanges,
    ): Promise<PersonalApiTokenView> {
      assertPerson(actor);
      if (changes.roleIds?.some((id) => id !== '')) throw appError(errorCatalogue.apiTokens.userTokenRoles);
      const row = await update(actor, clientId, actor.userId, { description: changes.description });
      return personalView(row);
    },

    // Access tokens (SPEC "API token types": accessToken): the portal shows the signed token once.

    async listPersonalAccessTokens(actor: AdminActor): Promise<{ accessTokens: AccessTokenView[] }> {
      assertPerson(actor);
      const rows = await listUserApiTokens(db, actor.tenantId, actor.userId, 'accessToken');
      return { accessTokens: rows.map(accessView) };
    },

    /** SPEC section 6: user tokens cannot take roles; the token acts as its owner, with the owner's roles. */
    async createPersonalAccessToken(
      actor: AdminActor,
      input: NewApiTokenInput & { roleIds?: string[] | undefined },
    ): Promise<AccessTokenView & { secret: string }> {
      assertPerson(actor);
      if (input.roleIds?.some((id) => id !== '')) throw appError(errorCatalogue.apiTokens.userTokenRoles);
      const { row } = await create(actor, input, { userId: actor.userId, roleIds: [] }, 'accessToken');
      return { ...accessView(row), secret: await signAccessToken(row, input.expiresInMinutes) };
    },

    async deletePersonalAccessToken(actor: AdminActor, id: string): Promise<void> {
      assertPerson(actor);
      await remove(actor, id, actor.userId, 'accessToken');
    },

    async listTenantAccessTokens(actor: AdminActor): Promise<{ accessTokens: TenantAccessTokenView[] }> {
      const rows = await listTenantApiTokens(db, actor.tenantId, 'accessToken');
      return { accessTokens: rows.map(tenantAccessView) };
    },

    /** Roles as for a tenant API token: assignable in the tenant and within the creator's permissions. */
    async createTenantAccessToken(
      actor: AdminActor,
      input: NewApiTokenInput & { roleIds?: string[] | undefined },
    ): Promise<TenantAccessTokenView & { secret: string }> {
      const roleIds = [...new Set(input.roleIds ?? [])];
      await assertGrantable(actor, roleIds);
      const { row } = await create(actor, input, { userId: null, roleIds }, 'accessToken');
      return { ...tenantAccessView(row), secret: await signAccessToken(row, input.expiresInMinutes) };
    },

    deleteTenantAccessToken: (actor: AdminActor, id: string) => remove(actor, id, null, 'accessToken'),

    /**
     * Each use of an access token (tokens.setAccessTokenCheck): its row must still exist, in force, and
     * a personal token's owner still a member and not locked; it acts with the roles and permissions
     * its grant holds now (read at most API_TOKEN_GRANT_TTL_MS ago), not those it was signed with.
     */
    async checkAccessToken(caller: ApiTokenCaller): Promise<ApiTokenCaller> {
      const now = clock.now().getTime();
      const id = caller.claims.clientId;
      const grant = UUID.test(id) ? (cachedGrant(id, now) ?? (await loadGrant(id, now))) : undefined;
      const claims = grant?.kind === 'accessToken' ? grant.claims : null;
      const expired = grant?.expiresAtMs != null && grant.expiresAtMs <= now;
      if (!grant || !claims || expired || grant.tenantId !== caller.claims.tenantId) {
        throw appError(errorCatalogue.auth.invalidAccessToken);
      }
      const current = z
        .object({ roles: z.array(z.string()), permissions: z.array(z.string()) })
        .parse(claims);
      return { kind: 'apiToken', claims: { ...caller.claims, ...current } };
    },

    /**
     * The client-credentials exchange. Unknown client, wrong secret, expired or deleted token and a
     * personal token whose owner is locked or left the tenant all answer the same 401. A valid token
     * used from an address the tenant's IP restrictions refuse gets their 403 (audited).
     */
    async exchange(clientId: string, secret: string, meta: RequestMeta): Promise<SignedAccessToken> {
      const now = clock.now().getTime();
      const grant = UUID.test(clientId)
        ? (cachedGrant(clientId, now) ?? (await loadGrant(clientId, now)))
        : undefined;
      const matches = grant !== undefined && timingSafeEqual(hashSecret(secret), grant.secretHash);
      const expired = grant !== undefined && grant.expiresAtMs !== null && grant.expiresAtMs <= now;
      if (!grant || grant.kind !== 'clientCredentials' || !matches || !grant.sign || expired) {
        throw appError(errorCatalogue.apiTokens.invalidCredentials);
      }
      await ipRestrictions.assertAllowed(grant.tenantId, meta);
      const remaining = grant.expiresAtMs === null ? Infinity : Math.floor((grant.expiresAtMs - now) / 1000);
      deps.apiTokenUse.exchanged(clientId, grant.tenantId, grant.claims, meta);
      return grant.sign(Math.max(1, Math.min(config.accessTokenTtlSeconds, remaining)));
    },
  });
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
