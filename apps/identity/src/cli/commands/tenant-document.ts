import { and, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  emailDomainRestrictions,
  groupConfigs,
  groupRoles,
  groups,
  groupUsers,
  ipRestrictions,
  memberships,
  mfaPolicies,
  permissions,
  restrictionConfigs,
  rolePermissions,
  roles,
  securityPolicies,
  sessionPolicies,
  tenantAuditSettings,
  tenants,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { UsageError } from '../command.js';

// Issue 16: one account as a JSON document (`ops export-tenant`, `ops import-tenant`): the tenant and its
// settings, its security policies, its own roles with their permissions (by key), its users with their
// memberships and role assignments, and its groups. Rows keep their ids, so an import into another
// database is the same account; vendor-wide roles and permissions exist in every install and are named
// by key.
//
// Users keep their password hashes (one-way, as in the database): the document is as sensitive as a
// database backup. Not included: SSO connections, SCIM directories, social logins, webhooks and any
// sealed secret (their secrets are sealed with this install's SECRETS_KEY: configure them again after an
// import), sessions, audit events and billing.

export const DOCUMENT_FORMAT = 'brizo-tenant-export';
export const DOCUMENT_VERSION = 1;

type Row = Record<string, unknown>;

export interface TenantDocument {
  format: typeof DOCUMENT_FORMAT;
  version: typeof DOCUMENT_VERSION;
  exportedAt: string;
  tenant: Row;
  auditSettings: Row | null;
  /** The account's own roles, each with the keys of its permissions. */
  roles: Array<{ role: Row; permissions: string[] }>;
  users: Row[];
  memberships: Row[];
  /** A user's role in the account: the account's own role by id, a vendor role by key. */
  roleAssignments: Array<{ userId: string; roleId?: string; vendorRoleKey?: string }>;
  groups: Array<{ group: Row; roleIds: string[]; vendorRoleKeys: string[]; userIds: string[] }>;
  /** The account's rows of each policy table (absent in documents exported before they were added). */
  policies?: Partial<Record<PolicyName, Row[]>>;
}

/**
 * The account's security policies (SPEC section 3): lockout, password history and rotation, session
 * timeouts, IP and email-domain restrictions, MFA policy, and group settings, each a table whose rows
 * name the account in one column.
 */
const POLICY_TABLES = {
  securityPolicies: { table: securityPolicies, account: securityPolicies.scope, key: 'scope' },
  sessionPolicies: { table: sessionPolicies, account: sessionPolicies.tenantId, key: 'tenantId' },
  restrictionConfigs: { table: restrictionConfigs, account: restrictionConfigs.tenantId, key: 'tenantId' },
  ipRestrictions: { table: ipRestrictions, account: ipRestrictions.tenantId, key: 'tenantId' },
  emailDomainRestrictions: {
    table: emailDomainRestrictions,
    account: emailDomainRestrictions.tenantId,
    key: 'tenantId',
  },
  mfaPolicies: { table: mfaPolicies, account: mfaPolicies.tenantId, key: 'tenantId' },
  groupConfigs: { table: groupConfigs, account: groupConfigs.tenantId, key: 'tenantId' },
} satisfies Record<string, PolicyTable>;

/** A policy table, the column naming the account, and that column's property name. */
interface PolicyTable {
  table: PgTable;
  account: PgColumn;
  key: string;
}

type PolicyName = keyof typeof POLICY_TABLES;

const policyEntries = Object.entries(POLICY_TABLES) as Array<[PolicyName, PolicyTable]>;

/** Dates travel as ISO strings; on the way in, each date column of the table becomes a Date again. */
function revive(table: PgTable, row: Row): Row {
  const revived: Row = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (!(name in row)) continue;
    const value = row[name];
    revived[name] = column.dataType === 'date' && typeof value === 'string' ? new Date(value) : value;
  }
  return revived;
}

const plain = (row: object): Row => JSON.parse(JSON.stringify(row)) as Row;
const byId = (a: Row, b: Row) => String(a.id ?? '').localeCompare(String(b.id ?? ''));

export async function exportTenant(db: Db, tenantId: string, now: Date): Promise<TenantDocument> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new UsageError(`No account with the id ${tenantId}`);
  const [auditSettings] = await db
    .select()
    .from(tenantAuditSettings)
    .where(eq(tenantAuditSettings.tenantId, tenantId));
  const ownRoles = await db.select().from(roles).where(eq(roles.tenantId, tenantId)).orderBy(roles.key);
  const rolePermissionRows = ownRoles.length
    ? await db
        .select({ roleId: rolePermissions.roleId, key: permissions.key })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(
          inArray(
            rolePermissions.roleId,
            ownRoles.map((role) => role.id),
          ),
        )
    : [];
  const memberRows = await db.select().from(memberships).where(eq(memberships.tenantId, tenantId));
  const userIds = memberRows.map((row) => row.userId);
  const userRows = userIds.length ? await db.select().from(users).where(inArray(users.id, userIds)) : [];
  const assignments = await db
    .select({
      userId: userRoles.userId,
      roleId: userRoles.roleId,
      tenantRole: roles.tenantId,
      key: roles.key,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.tenantId, tenantId));
  const groupRows = await db.select().from(groups).where(eq(groups.tenantId, tenantId));
  const groupIds = groupRows.map((group) => group.id);
  const groupRoleRows = groupIds.length
    ? await db
        .select({
          groupId: groupRoles.groupId,
          roleId: groupRoles.roleId,
          tenantRole: roles.tenantId,
          key: roles.key,
        })
        .from(groupRoles)
        .innerJoin(roles, eq(roles.id, groupRoles.roleId))
        .where(inArray(groupRoles.groupId, groupIds))
    : [];
  const groupUserRows = groupIds.length
    ? await db.select().from(groupUsers).where(inArray(groupUsers.groupId, groupIds))
    : [];
  const sorted = <T>(values: T[]) => [...values].sort();
  const policies: Partial<Record<PolicyName, Row[]>> = {};
  for (const [name, { table, account }] of policyEntries) {
    const rows = await db.select().from(table).where(eq(account, tenantId));
    policies[name] = rows
      .map((row) => plain(row))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return {
    format: DOCUMENT_FORMAT,
    version: DOCUMENT_VERSION,
    exportedAt: now.toISOString(),
    // The hierarchy is not part of one account's document: the parent need not exist where it is imported.
    tenant: plain({ ...tenant, parentTenantId: null, ancestorIds: undefined }),
    auditSettings: auditSettings ? plain(auditSettings) : null,
    roles: ownRoles.map((role) => ({
      role: plain(role),
      permissions: sorted(rolePermissionRows.filter((row) => row.roleId === role.id).map((row) => row.key)),
    })),
    users: userRows
      .map((user) => plain({ ...user, activeTenantId: user.activeTenantId === tenantId ? tenantId : null }))
      .sort(byId),
    memberships: memberRows
      // The sort keys and the last activity are the database's own copies of the user's (migration 0018).
      .map(({ sortName: _name, sortEmail: _email, lastActiveAt: _active, ...row }) => plain(row))
      .sort((a, b) => String(a.userId).localeCompare(String(b.userId))),
    roleAssignments: assignments
      .map((row) =>
        row.tenantRole
          ? { userId: row.userId, roleId: row.roleId }
          : { userId: row.userId, vendorRoleKey: row.key },
      )
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    groups: groupRows
      .map((group) => ({
        group: plain(group),
        roleIds: sorted(
          groupRoleRows.filter((row) => row.groupId === group.id && row.tenantRole).map((row) => row.roleId),
        ),
        vendorRoleKeys: sorted(
          groupRoleRows.filter((row) => row.groupId === group.id && !row.tenantRole).map((row) => row.key),
        ),
        userIds: sorted(groupUserRows.filter((row) => row.groupId === group.id).map((row) => row.userId)),
      }))
      .sort((a, b) => byId(a.group, b.group)),
    policies,
  };
}

const isObject = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document's outline, checked before anything is written. */
export function readTenantDocument(value: unknown): TenantDocument {
  if (!isObject(value) || value.format !== DOCUMENT_FORMAT) {
    throw new UsageError(`Not an account export: expected "format": "${DOCUMENT_FORMAT}"`);
  }
  if (value.version !== DOCUMENT_VERSION)
    throw new UsageError(`Unsupported export version: ${String(value.version)}`);
  for (const key of ['roles', 'users', 'memberships', 'roleAssignments', 'groups']) {
    if (!Array.isArray(value[key])) throw new UsageError(`The export has no "${key}" list`);
  }
  if (value.policies !== undefined) {
    if (!isObject(value.policies)) throw new UsageError('The export\'s "policies" is not an object');
    for (const [name, rows] of Object.entries(value.policies)) {
      if (!(name in POLICY_TABLES)) throw new UsageError(`Unknown policy table in the export: ${name}`);
      if (!Array.isArray(rows) || !rows.every(isObject))
        throw new UsageError(`The export's policies "${name}" is not a list of rows`);
    }
  }
  if (
    !isObject(value.tenant) ||
    typeof value.tenant.id !== 'string' ||
    typeof value.tenant.name !== 'string'
  ) {
    throw new UsageError('The export has no tenant with an id and a name');
  }
  return value as unknown as TenantDocument;
}

/** Writes the account into this database; refuses an account or a user that already exists here. */
export async function importTenant(db: Db, document: TenantDocument): Promise<{ users: number }> {
  const tenantId = String(document.tenant.id);
  const [sameId] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (sameId)
    throw new UsageError(`Nothing imported: the account ${tenantId} already exists in this database`);
  const [sameName] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.name, String(document.tenant.name)));
  if (sameName)
    throw new UsageError(
      `Nothing imported: an account named "${String(document.tenant.name)}" already exists`,
    );
  const emails = document.users.map((user) => String(user.email));
  const taken = emails.length
    ? await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))
    : [];
  if (taken.length > 0) {
    throw new UsageError(
      `Nothing imported: these users already exist: ${taken.map((row) => row.email).join(', ')}`,
    );
  }
  const vendorKeys = new Set([
    ...document.roleAssignments.flatMap((row) => (row.vendorRoleKey ? [row.vendorRoleKey] : [])),
    ...document.groups.flatMap((group) => group.vendorRoleKeys),
  ]);
  const vendorRoles = vendorKeys.size
    ? await db
        .select({ id: roles.id, key: roles.key })
        .from(roles)
        .where(and(isNull(roles.tenantId), inArray(roles.key, [...vendorKeys])))
    : [];
  const vendorRoleId = new Map(vendorRoles.map((role) => [role.key, role.id]));
  const missingRoles = [...vendorKeys].filter((key) => !vendorRoleId.has(key));
  if (missingRoles.length)
    throw new UsageError(`Nothing imported: unknown vendor roles: ${missingRoles.join(', ')}`);
  const permissionKeys = [...new Set(document.roles.flatMap((role) => role.permissions))];
  const permissionRows = permissionKeys.length
    ? await db
        .select({ id: permissions.id, key: permissions.key })
        .from(permissions)
        .where(inArray(permissions.key, permissionKeys))
    : [];
  const permissionId = new Map(permissionRows.map((row) => [row.key, row.id]));
  const missingPermissions = permissionKeys.filter((key) => !permissionId.has(key));
  if (missingPermissions.length) {
    throw new UsageError(`Nothing imported: unknown permissions: ${missingPermissions.join(', ')}`);
  }
  const roleOf = (row: { roleId?: string; vendorRoleKey?: string }) =>
    row.roleId ?? vendorRoleId.get(row.vendorRoleKey ?? '') ?? '';

  await db.transaction(async (tx) => {
    await tx
      .insert(tenants)
      .values(revive(tenants, { ...document.tenant, parentTenantId: null }) as typeof tenants.$inferInsert);
    if (document.auditSettings) {
      await tx
        .insert(tenantAuditSettings)
        .values(
          revive(tenantAuditSettings, document.auditSettings) as typeof tenantAuditSettings.$inferInsert,
        );
    }
    for (const { role, permissions: keys } of document.roles) {
      await tx.insert(roles).values(revive(roles, { ...role, tenantId }) as typeof roles.$inferInsert);
      if (keys.length) {
        await tx
          .insert(rolePermissions)
          .values(
            keys.map((key) => ({ roleId: String(role.id), permissionId: permissionId.get(key) ?? '' })),
          );
      }
    }
    if (document.users.length) {
      await tx
        .insert(users)
        .values(document.users.map((user) => revive(users, user) as typeof users.$inferInsert));
    }
    if (document.memberships.length) {
      await tx
        .insert(memberships)
        .values(
          document.memberships.map(
            (row) => revive(memberships, { ...row, tenantId }) as typeof memberships.$inferInsert,
          ),
        );
    }
    if (document.roleAssignments.length) {
      await tx
        .insert(userRoles)
        .values(
          document.roleAssignments.map((row) => ({ userId: row.userId, tenantId, roleId: roleOf(row) })),
        );
    }
    for (const { group, roleIds, vendorRoleKeys, userIds } of document.groups) {
      await tx.insert(groups).values(revive(groups, { ...group, tenantId }) as typeof groups.$inferInsert);
      const groupId = String(group.id);
      const allRoles = [...roleIds, ...vendorRoleKeys.map((key) => vendorRoleId.get(key) ?? '')];
      if (allRoles.length)
        await tx.insert(groupRoles).values(allRoles.map((roleId) => ({ groupId, roleId })));
      if (userIds.length) await tx.insert(groupUsers).values(userIds.map((userId) => ({ groupId, userId })));
    }
    for (const [name, { table, key }] of policyEntries) {
      const rows = document.policies?.[name] ?? [];
      if (rows.length === 0) continue;
      await tx.insert(table).values(rows.map((row) => revive(table, { ...row, [key]: tenantId })));
    }
  });
  return { users: document.users.length };
}
