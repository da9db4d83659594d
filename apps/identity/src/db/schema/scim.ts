// SCIM 2.0 provisioning (issue 13): a tenant's directory connections and what each has provisioned.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { groups } from './groups.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

export type ScimSource = 'frontegg' | 'okta' | 'azure-ad' | 'other';

/** A directory (Entra ID, Okta, ...) allowed to provision one tenant, with its bearer token (hashed). */
export const scimDirectories = pgTable(
  'scim_directories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    connectionName: text('connection_name').notNull(),
    source: text('source').$type<ScimSource>().notNull().default('other'),
    syncToUserManagement: boolean('sync_to_user_management').notNull().default(true),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSync: timestamp('last_sync', { withTimezone: true }),
  },
  (t) => [index('scim_directories_tenant_idx').on(t.tenantId)],
);

/** A user as the directory knows them: our user, plus what SCIM holds that our profile does not. */
export const scimUsers = pgTable(
  'scim_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    directoryId: uuid('directory_id')
      .notNull()
      .references(() => scimDirectories.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    active: boolean('active').notNull().default(true),
    /** The whole resource as last written (name, emails, enterprise extension ...). */
    resource: jsonb('resource').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scim_users_user_name_idx').on(t.directoryId, sql`lower(${t.userName})`),
    uniqueIndex('scim_users_user_idx').on(t.directoryId, t.userId),
    index('scim_users_external_idx').on(t.directoryId, t.externalId),
  ],
);

/** A directory group, mirrored as one of our groups (its roles reach its members). */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    directoryId: uuid('directory_id')
      .notNull()
      .references(() => scimDirectories.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scim_groups_display_name_idx').on(t.directoryId, sql`lower(${t.displayName})`),
    uniqueIndex('scim_groups_group_idx').on(t.groupId),
  ],
);

/** The provisioning log the Provisioning section shows: the last calls of each directory. */
export const scimRequestLogs = pgTable(
  'scim_request_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    directoryId: uuid('directory_id')
      .notNull()
      .references(() => scimDirectories.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    /** What happened, in a few words (the user or group, the operation, the error). */
    summary: text('summary').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('scim_request_logs_directory_idx').on(t.directoryId, t.createdAt)],
);
