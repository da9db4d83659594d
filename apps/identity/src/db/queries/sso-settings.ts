// Issue 13: the SSO section's own queries (connections, domains, group mappings, the enforcement policy,
// live-test reports). Every admin read or write names the tenant, so another tenant's id finds nothing.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  ssoConnections,
  ssoDomains,
  ssoGroupMappings,
  ssoPolicies,
  ssoTestReports,
} from '../schema/index.js';
import type { SsoConnectionRow } from '../../auth/federated/types.js';

export type NewSsoConnection = typeof ssoConnections.$inferInsert;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;
export type SsoGroupMappingRow = typeof ssoGroupMappings.$inferSelect;
export type SsoPolicyRow = typeof ssoPolicies.$inferSelect;
export type SsoTestReportRow = typeof ssoTestReports.$inferSelect;

/** The columns an administrator may change on a connection. */
export type SsoConnectionChanges = Partial<Omit<NewSsoConnection, 'id' | 'tenantId' | 'createdAt'>>;

export async function listSsoConnectionsOfTenant(db: Db, tenantId: string): Promise<SsoConnectionRow[]> {
  return db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.tenantId, tenantId))
    .orderBy(asc(ssoConnections.createdAt), asc(ssoConnections.id));
}

export async function findSsoConnectionOfTenant(
  db: Db,
  tenantId: string,
  id: string,
): Promise<SsoConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.id, id), eq(ssoConnections.tenantId, tenantId)))
    .limit(1);
  return row;
}

export async function insertSsoConnection(db: Db, connection: NewSsoConnection): Promise<SsoConnectionRow> {
  const [row] = await db.insert(ssoConnections).values(connection).returning();
  if (!row) throw new Error('insertSsoConnection returned no row');
  return row;
}

export async function updateSsoConnection(
  db: Db,
  tenantId: string,
  id: string,
  changes: SsoConnectionChanges,
): Promise<SsoConnectionRow | undefined> {
  const [row] = await db
    .update(ssoConnections)
    .set(changes)
    .where(and(eq(ssoConnections.id, id), eq(ssoConnections.tenantId, tenantId)))
    .returning();
  return row;
}

export async function deleteSsoConnection(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(ssoConnections)
    .where(and(eq(ssoConnections.id, id), eq(ssoConnections.tenantId, tenantId)))
    .returning({ id: ssoConnections.id });
  return rows.length === 1;
}

export async function listSsoDomains(db: Db, connectionIds: string[]): Promise<SsoDomainRow[]> {
  if (connectionIds.length === 0) return [];
  return db
    .select()
    .from(ssoDomains)
    .where(inArray(ssoDomains.connectionId, connectionIds))
    .orderBy(asc(ssoDomains.createdAt), asc(ssoDomains.domain));
}

export async function findSsoDomain(
  db: Db,
  connectionId: string,
  domainId: string,
): Promise<SsoDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.id, domainId), eq(ssoDomains.connectionId, connectionId)))
    .limit(1);
  return row;
}

export async function findSsoDomainByName(
  db: Db,
  connectionId: string,
  domain: string,
): Promise<SsoDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.connectionId, connectionId), eq(ssoDomains.domain, domain)))
    .limit(1);
  return row;
}

/** Inserts the domain; undefined when the connection already lists it. */
export async function insertSsoDomain(
  db: Db,
  domain: typeof ssoDomains.$inferInsert,
): Promise<SsoDomainRow | undefined> {
  const [row] = await db.insert(ssoDomains).values(domain).onConflictDoNothing().returning();
  return row;
}

export async function deleteSsoDomain(db: Db, connectionId: string, domainId: string): Promise<boolean> {
  const rows = await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.id, domainId), eq(ssoDomains.connectionId, connectionId)))
    .returning({ id: ssoDomains.id });
  return rows.length === 1;
}

/** The validated row of this domain name, on whichever tenant (a validated domain has one owner). */
export async function findValidatedSsoDomain(db: Db, domain: string): Promise<SsoDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), eq(ssoDomains.validated, true)))
    .limit(1);
  return row;
}

/**
 * Marks the domain validated: false when another row of the same name won the race (the partial
 * unique index on validated domains refuses a second owner).
 */
export async function markSsoDomainValidated(db: Db, domainId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(ssoDomains)
    .set({ validated: true, validatedAt: now })
    .where(
      and(
        eq(ssoDomains.id, domainId),
        sql`not exists (select 1 from sso_domains other where other.domain = ${ssoDomains.domain}
          and other.validated and other.id <> ${ssoDomains.id})`,
      ),
    )
    .returning({ id: ssoDomains.id });
  return rows.length === 1;
}

/** The validated domain names of a connection, lower-cased. */
export async function findValidatedDomainsOfConnection(db: Db, connectionId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.connectionId, connectionId), eq(ssoDomains.validated, true)));
  return rows.map((row) => row.domain);
}

export async function listSsoGroupMappings(db: Db, connectionIds: string[]): Promise<SsoGroupMappingRow[]> {
  if (connectionIds.length === 0) return [];
  return db
    .select()
    .from(ssoGroupMappings)
    .where(inArray(ssoGroupMappings.connectionId, connectionIds))
    .orderBy(asc(ssoGroupMappings.createdAt), asc(ssoGroupMappings.group));
}

/** Inserts the mapping; undefined when the connection already maps this group (case-insensitively). */
export async function insertSsoGroupMapping(
  db: Db,
  mapping: typeof ssoGroupMappings.$inferInsert,
): Promise<SsoGroupMappingRow | undefined> {
  const [row] = await db.insert(ssoGroupMappings).values(mapping).onConflictDoNothing().returning();
  return row;
}

export async function findSsoGroupMapping(
  db: Db,
  connectionId: string,
  id: string,
): Promise<SsoGroupMappingRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoGroupMappings)
    .where(and(eq(ssoGroupMappings.id, id), eq(ssoGroupMappings.connectionId, connectionId)))
    .limit(1);
  return row;
}

export async function findSsoGroupMappingByName(
  db: Db,
  connectionId: string,
  group: string,
): Promise<SsoGroupMappingRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoGroupMappings)
    .where(
      and(
        eq(ssoGroupMappings.connectionId, connectionId),
        sql`lower(${ssoGroupMappings.group}) = ${group.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row;
}

export async function updateSsoGroupMapping(
  db: Db,
  connectionId: string,
  id: string,
  changes: { group?: string; roleIds?: string[]; updatedAt: Date },
): Promise<SsoGroupMappingRow | undefined> {
  const [row] = await db
    .update(ssoGroupMappings)
    .set(changes)
    .where(and(eq(ssoGroupMappings.id, id), eq(ssoGroupMappings.connectionId, connectionId)))
    .returning();
  return row;
}

export async function deleteSsoGroupMapping(db: Db, connectionId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(ssoGroupMappings)
    .where(and(eq(ssoGroupMappings.id, id), eq(ssoGroupMappings.connectionId, connectionId)))
    .returning({ id: ssoGroupMappings.id });
  return rows.length === 1;
}

export async function findSsoPolicy(db: Db, tenantId: string): Promise<SsoPolicyRow | undefined> {
  const [row] = await db.select().from(ssoPolicies).where(eq(ssoPolicies.tenantId, tenantId)).limit(1);
  return row;
}

export async function upsertSsoPolicy(
  db: Db,
  policy: { tenantId: string; enforced: boolean; excludedEmails: string[]; updatedAt: Date },
): Promise<SsoPolicyRow> {
  const [row] = await db
    .insert(ssoPolicies)
    .values(policy)
    .onConflictDoUpdate({
      target: ssoPolicies.tenantId,
      set: { enforced: policy.enforced, excludedEmails: policy.excludedEmails, updatedAt: policy.updatedAt },
    })
    .returning();
  if (!row) throw new Error('upsertSsoPolicy returned no row');
  return row;
}

/** Who enforces SSO on a domain: the tenant, and the emails its policy lets use other methods. */
export interface EnforcingSsoPolicy {
  tenantId: string;
  excludedEmails: string[];
}

/**
 * findEnforcedSsoPolicyForDomain as a column of another statement, for the domain of `email` (a
 * lower-case address): a password login reads it with the user (issue 17). Null when none enforces.
 */
export const enforcingSsoPolicyOfEmail = (email: SQL) =>
  sql<EnforcingSsoPolicy | null>`(select json_build_object('tenantId', p.tenant_id, 'excludedEmails', p.excluded_emails)
    from sso_domains d join sso_connections c on c.id = d.connection_id
    join sso_policies p on p.tenant_id = d.tenant_id
    where d.domain = substring(${email} from '@([^@]*)$') and d.validated and c.enabled and p.enforced
    limit 1)`;

/**
 * The enforcing tenant of an email domain: the owner of the validated domain when its policy is
 * enforced and one of its connections on that domain is enabled (a disabled connection cannot sign
 * anyone in, so it cannot lock them out either).
 */
export async function findEnforcedSsoPolicyForDomain(
  db: Db,
  domain: string,
): Promise<SsoPolicyRow | undefined> {
  const [row] = await db
    .select({ policy: ssoPolicies })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoDomains.connectionId))
    .innerJoin(ssoPolicies, eq(ssoPolicies.tenantId, ssoDomains.tenantId))
    .where(
      and(
        eq(ssoDomains.domain, domain),
        eq(ssoDomains.validated, true),
        eq(ssoConnections.enabled, true),
        eq(ssoPolicies.enforced, true),
      ),
    )
    .limit(1);
  return row?.policy;
}

export async function insertSsoTestReport(
  db: Db,
  report: typeof ssoTestReports.$inferInsert,
): Promise<SsoTestReportRow> {
  const [row] = await db.insert(ssoTestReports).values(report).returning();
  if (!row) throw new Error('insertSsoTestReport returned no row');
  return row;
}

export async function listSsoTestReports(
  db: Db,
  connectionId: string,
  limit: number,
): Promise<SsoTestReportRow[]> {
  return db
    .select()
    .from(ssoTestReports)
    .where(eq(ssoTestReports.connectionId, connectionId))
    .orderBy(desc(ssoTestReports.createdAt), desc(ssoTestReports.id))
    .limit(limit);
}

export async function findSsoTestReport(
  db: Db,
  connectionId: string,
  id: string,
): Promise<SsoTestReportRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoTestReports)
    .where(and(eq(ssoTestReports.id, id), eq(ssoTestReports.connectionId, connectionId)))
    .limit(1);
  return row;
}

/** Whether any tenant can sign in through SSO: an enabled connection with a validated domain. */
export async function anySsoConnectionInUse(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoDomains.connectionId))
    .where(and(eq(ssoDomains.validated, true), eq(ssoConnections.enabled, true)))
    .limit(1);
  return row !== undefined;
}
