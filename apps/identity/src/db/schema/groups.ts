// Groups (issue 4, admin portal; migration 0014_groups_roles).
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { roles } from './roles.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/** A tenant's group of users (SPEC section 3 "Group"): its roles reach every member's token. */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color'),
    metadata: text('metadata'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('groups_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`)],
);

export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.roleId] })],
);

export const groupUsers = pgTable(
  'group_users',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_users_user_idx').on(t.userId)],
);

/**
 * A tenant's groups configuration (IGroupConfig, migration 0016_sdk_gaps): `enabled` lets the tenant
 * create groups, `rolesEnabled` lets groups be given roles; group roles reach members' tokens only
 * while both are on (db/queries/users.ts). No row means both on.
 */
export const groupConfigs = pgTable('group_configs', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  rolesEnabled: boolean('roles_enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
