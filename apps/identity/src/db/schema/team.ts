// Team administration (issue 4, the Users section; migration 0013_team): memberships and invite links.
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
    /** A temporary member (SPEC section 3 "Temporary user", migration 0013_team) loses access at this instant. */
    temporaryExpirationDate: timestamp('temporary_expiration_date', { withTimezone: true }),
    /**
     * The user's name and email, lower-cased, copied here by triggers of migration 0013_team (on
     * insert here, on a change of users.name or users.email): the admin portal's users list then
     * sorts, pages and prefix-searches one tenant within one index, however many users it has.
     */
    sortName: text('sort_name').notNull().default(''),
    sortEmail: text('sort_email').notNull().default(''),
    /**
     * The user's last sign-in, or when the account was created if never (users.last_login and
     * created_at), copied by the triggers of migration 0018_member_activity: the "inactive" preset
     * is then tested inside the sort indexes, which carry it as an INCLUDE column.
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Whether the member may act in the tenant's sub-accounts (issue 15, migration
     * 0027_account_hierarchy): granted (true), denied (false) or not said (null), read against the
     * tenant's subAccountAccessType (services/tenants/hierarchy-access.ts).
     */
    allowSubAccountAccess: boolean('allow_sub_account_access'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId] }),
    index('memberships_tenant_idx').on(t.tenantId),
    // Byte order ("C"): one index serves both ORDER BY and a prefix range of the search. Migration
    // 0018_member_activity gives the three sort indexes INCLUDE columns (the other sort keys and
    // last_active_at), which drizzle cannot declare: a page's candidates never leave the index.
    index('memberships_tenant_name_idx').on(t.tenantId, sql`${t.sortName} collate "C"`, t.userId),
    index('memberships_tenant_email_idx').on(t.tenantId, sql`${t.sortEmail} collate "C"`, t.userId),
    index('memberships_tenant_created_idx').on(t.tenantId, t.createdAt, t.userId),
    // The search, a part of the name or email (issue 17, migration 0035: pg_trgm, and btree_gin for the
    // tenant's id): the tenant's matches without reading its other members.
    index('memberships_search_trgm_idx').using(
      'gin',
      t.tenantId,
      t.sortName.op('gin_trgm_ops'),
      t.sortEmail.op('gin_trgm_ops'),
    ),
  ],
);

/**
 * A tenant's invite link (SPEC section 3 "Invite link"): anyone holding the token may sign up into
 * the tenant, with its roles, until it expires. One per tenant; the admins can show it again, so the
 * token is kept as issued (it grants only a new, unactivated membership).
 */
export const tenantInviteLinks = pgTable('tenant_invite_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .unique()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  token: text('token').notNull().unique(),
  roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
  shouldSendEmail: boolean('should_send_email').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
