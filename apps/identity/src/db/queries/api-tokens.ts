import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { apiTokens, roles, users, type ApiTokenKind } from '../schema/index.js';
import { authorizationColumns } from './users.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type NewApiToken = typeof apiTokens.$inferInsert;

/** What the listings show: everything but the secret's hash. */
export type ApiTokenListing = Omit<ApiTokenRow, 'secretHash'>;

const listingColumns = {
  clientId: apiTokens.clientId,
  tenantId: apiTokens.tenantId,
  userId: apiTokens.userId,
  createdByUserId: apiTokens.createdByUserId,
  description: apiTokens.description,
  roleIds: apiTokens.roleIds,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  kind: apiTokens.kind,
};

export async function insertApiToken(db: Db, token: NewApiToken): Promise<ApiTokenListing> {
  const [row] = await db.insert(apiTokens).values(token).returning(listingColumns);
  if (!row) throw new Error('insertApiToken returned no row');
  return row;
}

/** The tenant's own tokens (no owner) of one kind, newest first. */
export async function listTenantApiTokens(
  db: Db,
  tenantId: string,
  kind: ApiTokenKind = 'clientCredentials',
): Promise<ApiTokenListing[]> {
  return db
    .select(listingColumns)
    .from(apiTokens)
    .where(and(eq(apiTokens.tenantId, tenantId), isNull(apiTokens.userId), eq(apiTokens.kind, kind)))
    .orderBy(desc(apiTokens.createdAt));
}

/** One user's personal tokens of one kind in one tenant, newest first. */
export async function listUserApiTokens(
  db: Db,
  tenantId: string,
  userId: string,
  kind: ApiTokenKind = 'clientCredentials',
): Promise<ApiTokenListing[]> {
  return db
    .select(listingColumns)
    .from(apiTokens)
    .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.userId, userId), eq(apiTokens.kind, kind)))
    .orderBy(desc(apiTokens.createdAt));
}

/** Whose tokens a change may reach: the tenant's (userId null) or one user's, of one kind. */
export interface TokenScope {
  tenantId: string;
  userId: string | null;
  /** Default 'clientCredentials': the API-token endpoints never reach an access token, nor the reverse. */
  kind?: ApiTokenKind;
}

const scopeCondition = (scope: TokenScope) =>
  and(
    eq(apiTokens.tenantId, scope.tenantId),
    scope.userId === null ? isNull(apiTokens.userId) : eq(apiTokens.userId, scope.userId),
    eq(apiTokens.kind, scope.kind ?? 'clientCredentials'),
  );

/**
 * Deletes a token of the tenant: a tenant token when `userId` is null, else that user's personal
 * token. Answers the deleted token (its audit row shows it), or undefined when no row matched, so
 * another tenant's or user's id changes nothing.
 */
export async function deleteApiToken(
  db: Db,
  scope: TokenScope,
  clientId: string,
): Promise<ApiTokenListing | undefined> {
  const [deleted] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.clientId, clientId), scopeCondition(scope)))
    .returning(listingColumns);
  return deleted;
}

/** A token of the scope (as deleteApiToken), or undefined. */
export async function findApiTokenInScope(
  db: Db,
  scope: TokenScope,
  clientId: string,
): Promise<ApiTokenListing | undefined> {
  const [row] = await db
    .select(listingColumns)
    .from(apiTokens)
    .where(and(eq(apiTokens.clientId, clientId), scopeCondition(scope)));
  return row;
}

/**
 * Changes a token of the tenant (scoped as deleteApiToken); the changed token, or undefined when
 * no token of the scope has this id.
 */
export async function updateApiToken(
  db: Db,
  scope: TokenScope,
  clientId: string,
  changes: Partial<Pick<NewApiToken, 'description' | 'roleIds'>>,
): Promise<ApiTokenListing | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set(changes)
    .where(and(eq(apiTokens.clientId, clientId), scopeCondition(scope)))
    .returning(listingColumns);
  return row;
}

/** A role a tenant token may carry, with the permission keys it grants. */
export interface GrantableRole {
  id: string;
  key: string;
  permissionKeys: string[];
}

/**
 * Of `roleIds`, the roles assignable in the tenant (vendor-wide or the tenant's own). The subquery
 * names "roles"."id" in full: drizzle leaves columns of single-table selects unqualified.
 */
export async function findAssignableRoles(
  db: Db,
  tenantId: string,
  roleIds: string[],
): Promise<GrantableRole[]> {
  if (roleIds.length === 0) return [];
  return db
    .select({
      id: roles.id,
      key: roles.key,
      permissionKeys: sql<string[]>`coalesce((select json_agg(p.key) from role_permissions rp
        join permissions p on p.id = rp.permission_id where rp.role_id = "roles"."id"), '[]'::json)`,
    })
    .from(roles)
    .where(and(inArray(roles.id, roleIds), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))));
}

const tokenRoleIds = sql.raw(`(select (jsonb_array_elements_text("api_tokens"."role_ids"))::uuid)`);
const tokenTenant = sql.raw('"api_tokens"."tenant_id"');

/**
 * The one read of the client-credentials exchange: the token, and what its access token carries.
 * A tenant token grants its roles (those still assignable in its tenant); a personal token grants
 * its owner's roles in the tenant at this moment (`owner`, from the same claims query as login).
 */
export async function findApiTokenGrant(db: Db, clientId: string, now: Date) {
  const owner = authorizationColumns(tokenTenant, now);
  const [row] = await db
    .select({
      clientId: apiTokens.clientId,
      tenantId: apiTokens.tenantId,
      userId: apiTokens.userId,
      kind: apiTokens.kind,
      createdByUserId: apiTokens.createdByUserId,
      secretHash: apiTokens.secretHash,
      expiresAt: apiTokens.expiresAt,
      ownerEmail: users.email,
      ownerLocked: users.isLocked,
      ownerTenantIds: owner.tenantIds,
      ownerRoleKeys: owner.roleKeys,
      ownerPermissionKeys: owner.permissionKeys,
      tokenRoleKeys: sql<string[]>`coalesce((select json_agg(r.key order by r.key) from roles r
        where r.id in ${tokenRoleIds} and (r.tenant_id is null or r.tenant_id = ${tokenTenant})), '[]'::json)`,
      tokenPermissionKeys: sql<string[]>`coalesce((select json_agg(distinct p.key) from roles r
        join role_permissions rp on rp.role_id = r.id join permissions p on p.id = rp.permission_id
        where r.id in ${tokenRoleIds} and (r.tenant_id is null or r.tenant_id = ${tokenTenant})), '[]'::json)`,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.clientId, clientId))
    .limit(1);
  return row;
}

export type ApiTokenGrantRow = NonNullable<Awaited<ReturnType<typeof findApiTokenGrant>>>;
