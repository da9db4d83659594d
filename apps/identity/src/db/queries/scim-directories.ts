import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { scimDirectories, scimRequestLogs, scimUsers } from '../schema/index.js';

export type ScimDirectoryRow = typeof scimDirectories.$inferSelect;
export type NewScimDirectory = typeof scimDirectories.$inferInsert;
export type ScimRequestLogRow = typeof scimRequestLogs.$inferSelect;

// Every administrator's query names the tenant: another tenant's directory id finds nothing.

export async function insertScimDirectory(db: Db, directory: NewScimDirectory): Promise<ScimDirectoryRow> {
  const [row] = await db.insert(scimDirectories).values(directory).returning();
  if (!row) throw new Error('insertScimDirectory returned no row');
  return row;
}

export async function findScimDirectoriesOfTenant(db: Db, tenantId: string): Promise<ScimDirectoryRow[]> {
  return db
    .select()
    .from(scimDirectories)
    .where(eq(scimDirectories.tenantId, tenantId))
    .orderBy(asc(scimDirectories.createdAt));
}

export async function findScimDirectoryOfTenant(
  db: Db,
  tenantId: string,
  id: string,
): Promise<ScimDirectoryRow | undefined> {
  const [row] = await db
    .select()
    .from(scimDirectories)
    .where(and(eq(scimDirectories.tenantId, tenantId), eq(scimDirectories.id, id)))
    .limit(1);
  return row;
}

/** The directory a SCIM bearer token belongs to (the token is stored as its hash only). */
export async function findScimDirectoryByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<ScimDirectoryRow | undefined> {
  const [row] = await db
    .select()
    .from(scimDirectories)
    .where(eq(scimDirectories.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function updateScimDirectory(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<Pick<NewScimDirectory, 'connectionName' | 'syncToUserManagement' | 'tokenHash'>>,
): Promise<void> {
  await db
    .update(scimDirectories)
    .set(changes)
    .where(and(eq(scimDirectories.tenantId, tenantId), eq(scimDirectories.id, id)));
}

export async function deleteScimDirectory(db: Db, tenantId: string, id: string): Promise<void> {
  await db
    .delete(scimDirectories)
    .where(and(eq(scimDirectories.tenantId, tenantId), eq(scimDirectories.id, id)));
}

export async function countScimUsersOfDirectory(db: Db, directoryId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(scimUsers)
    .where(eq(scimUsers.directoryId, directoryId));
  return row?.count ?? 0;
}

/** One provisioning call, and the directory's last sync time with it. */
export async function recordScimRequest(
  db: Db,
  entry: { directoryId: string; method: string; path: string; status: number; summary: string; at: Date },
): Promise<void> {
  await db.insert(scimRequestLogs).values({
    directoryId: entry.directoryId,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    summary: entry.summary,
    createdAt: entry.at,
  });
  await db
    .update(scimDirectories)
    .set({ lastSync: entry.at })
    .where(eq(scimDirectories.id, entry.directoryId));
}

export async function findScimRequestLogs(
  db: Db,
  directoryId: string,
  limit: number,
): Promise<ScimRequestLogRow[]> {
  return db
    .select()
    .from(scimRequestLogs)
    .where(eq(scimRequestLogs.directoryId, directoryId))
    .orderBy(desc(scimRequestLogs.createdAt), desc(scimRequestLogs.id))
    .limit(limit);
}
