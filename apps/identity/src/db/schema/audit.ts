// The audit log.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export type AuditSeverity = 'Info' | 'Medium' | 'High' | 'Critical' | 'Error';

/** Audit log (SPEC section 3 "Audit log"): every authentication success and failure. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id'),
    email: text('email'),
    action: text('action').notNull(),
    description: text('description').notNull().default(''),
    severity: text('severity').$type<AuditSeverity>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    json: jsonb('json').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
    // The Audits section's filters (issue 14): a severity, an action or an email, newest first.
    index('audit_logs_tenant_severity_idx').on(t.tenantId, t.severity, t.createdAt),
    index('audit_logs_tenant_action_idx').on(t.tenantId, t.action, t.createdAt),
    index('audit_logs_tenant_email_idx').on(t.tenantId, t.email, t.createdAt),
    // The users list's breached-passwords preset (issue 4, migration 0013_team): few rows, cheap to keep.
    index('audit_logs_breached_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.action} = 'User signed in with a breached password'`),
  ],
);
