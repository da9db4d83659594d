// Issue 15: the vendor's applications, the accounts that have them and the users assigned to them.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ApplicationAccessType } from '@brizo/contract/entities/applications';
import type { Db } from '../client.js';
import {
  applications,
  applicationTenantAssignments,
  applicationUserAssignments,
  memberships,
} from '../schema/index.js';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;

/** An app an account has, with how it has it: the default app is free in every account. */
export interface TenantApplicationRow {
  app: ApplicationRow;
  accessType: ApplicationAccessType;
}

export async function listApplications(db: Db): Promise<ApplicationRow[]> {
  return db.select().from(applications).orderBy(asc(applications.createdAt), asc(applications.id));
}

export async function findApplicationById(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row;
}

export async function insertApplication(db: Db, app: NewApplication): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(app).returning();
  if (!row) throw new Error('insertApplication returned no row');
  return row;
}

export async function updateApplication(
  db: Db,
  id: string,
  changes: Partial<Omit<NewApplication, 'id' | 'createdAt' | 'isDefault'>>,
): Promise<ApplicationRow | undefined> {
  const [row] = await db.update(applications).set(changes).where(eq(applications.id, id)).returning();
  return row;
}

export async function deleteApplication(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(applications)
    .where(and(eq(applications.id, id), eq(applications.isDefault, false)))
    .returning({ id: applications.id });
  return deleted.length > 0;
}

/** The apps an account has: the default app(s), and those assigned to it. */
export async function findApplicationsOfTenant(db: Db, tenantId: string): Promise<TenantApplicationRow[]> {
  const rows = await db
    .select({ app: applications, assigned: applicationTenantAssignments.accessType })
    .from(applications)
    .leftJoin(
      applicationTenantAssignments,
      and(
        eq(applicationTenantAssignments.appId, applications.id),
        eq(applicationTenantAssignments.tenantId, tenantId),
      ),
    )
    .where(or(eq(applications.isDefault, true), sql`${applicationTenantAssignments.tenantId} is not null`))
    .orderBy(asc(applications.createdAt), asc(applications.id));
  return rows.map(({ app, assigned }) => ({ app, accessType: assigned ?? 'FREE_ACCESS' }));
}

export async function upsertTenantAssignment(
  db: Db,
  assignment: { tenantId: string; appId: string; accessType: ApplicationAccessType },
): Promise<void> {
  await db
    .insert(applicationTenantAssignments)
    .values(assignment)
    .onConflictDoUpdate({
      target: [applicationTenantAssignments.tenantId, applicationTenantAssignments.appId],
      set: { accessType: assignment.accessType },
    });
}

/** Takes the app from the account, and from its users there. */
export async function deleteTenantAssignment(db: Db, tenantId: string, appId: string): Promise<boolean> {
  await db
    .delete(applicationUserAssignments)
    .where(
      and(eq(applicationUserAssignments.tenantId, tenantId), eq(applicationUserAssignments.appId, appId)),
    );
  const deleted = await db
    .delete(applicationTenantAssignments)
    .where(
      and(eq(applicationTenantAssignments.tenantId, tenantId), eq(applicationTenantAssignments.appId, appId)),
    )
    .returning({ appId: applicationTenantAssignments.appId });
  return deleted.length > 0;
}

/** Of `userIds`, those who are members of the tenant. */
export async function findMemberIds(db: Db, tenantId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.userId, userIds)));
  return rows.map((row) => row.userId);
}

/** The assignments in the tenant of these users, or to these apps. */
export async function findAssignments(
  db: Db,
  tenantId: string,
  of: { userIds: string[] } | { appIds: string[] },
): Promise<Array<{ userId: string; appId: string }>> {
  const [ids, key] =
    'userIds' in of
      ? [of.userIds, applicationUserAssignments.userId]
      : [of.appIds, applicationUserAssignments.appId];
  if (ids.length === 0) return [];
  return db
    .select({ userId: applicationUserAssignments.userId, appId: applicationUserAssignments.appId })
    .from(applicationUserAssignments)
    .where(and(eq(applicationUserAssignments.tenantId, tenantId), inArray(key, ids)))
    .orderBy(
      asc(applicationUserAssignments.createdAt),
      asc(applicationUserAssignments.appId),
      asc(applicationUserAssignments.userId),
    );
}

/** Adds the assignments that are missing; answers the app ids newly assigned. */
export async function insertUserAssignments(
  db: Db,
  tenantId: string,
  userId: string,
  appIds: string[],
): Promise<string[]> {
  if (appIds.length === 0) return [];
  const rows = await db
    .insert(applicationUserAssignments)
    .values(appIds.map((appId) => ({ tenantId, userId, appId })))
    .onConflictDoNothing()
    .returning({ appId: applicationUserAssignments.appId });
  return rows.map((row) => row.appId);
}

/** Removes the assignments; answers the app ids that were assigned. */
export async function deleteUserAssignments(
  db: Db,
  tenantId: string,
  userId: string,
  appIds: string[],
): Promise<string[]> {
  if (appIds.length === 0) return [];
  const rows = await db
    .delete(applicationUserAssignments)
    .where(
      and(
        eq(applicationUserAssignments.tenantId, tenantId),
        eq(applicationUserAssignments.userId, userId),
        inArray(applicationUserAssignments.appId, appIds),
      ),
    )
    .returning({ appId: applicationUserAssignments.appId });
  return rows.map((row) => row.appId);
}

/** The default app, created once; a later start leaves it as the superuser left it. */
export async function insertDefaultApplicationIfMissing(db: Db, app: NewApplication): Promise<void> {
  const [existing] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.isDefault, true))
    .limit(1);
  if (!existing)
    await db
      .insert(applications)
      .values({ ...app, isDefault: true })
      .onConflictDoNothing();
}
