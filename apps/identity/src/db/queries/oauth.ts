import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { oauthAuthorizationCodes, oauthClients, refreshTokenFamilies } from '../schema/index.js';

export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type OAuthCodeRow = typeof oauthAuthorizationCodes.$inferSelect;

export async function findOAuthClient(db: Db, clientId: string): Promise<OAuthClientRow | undefined> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  return row;
}

/**
 * Creates the client when missing and adds the given URIs to its lists, keeping any an
 * administrator registered: the seed runs at every start.
 */
export async function upsertOAuthClient(
  db: Db,
  client: { clientId: string; name: string; redirectUris: string[]; postLogoutRedirectUris: string[] },
): Promise<void> {
  const redirectUris = JSON.stringify(client.redirectUris);
  const postLogout = JSON.stringify(client.postLogoutRedirectUris);
  await db
    .insert(oauthClients)
    .values(client)
    .onConflictDoUpdate({
      target: oauthClients.clientId,
      set: {
        redirectUris: sql`(select coalesce(jsonb_agg(distinct u), '[]'::jsonb) from jsonb_array_elements_text(${oauthClients.redirectUris} || ${redirectUris}::jsonb) u)`,
        postLogoutRedirectUris: sql`(select coalesce(jsonb_agg(distinct u), '[]'::jsonb) from jsonb_array_elements_text(${oauthClients.postLogoutRedirectUris} || ${postLogout}::jsonb) u)`,
      },
    });
}

/** Issue 16: the registered clients, by name (the superuser's list). */
export async function listOAuthClients(db: Db): Promise<OAuthClientRow[]> {
  return db.select().from(oauthClients).orderBy(asc(oauthClients.name), asc(oauthClients.clientId));
}

export async function insertOAuthClient(
  db: Db,
  client: typeof oauthClients.$inferInsert,
): Promise<OAuthClientRow> {
  const [row] = await db.insert(oauthClients).values(client).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateOAuthClient(
  db: Db,
  clientId: string,
  changes: Partial<
    Pick<OAuthClientRow, 'name' | 'redirectUris' | 'postLogoutRedirectUris' | 'allowedOrigins'>
  >,
  now: Date,
): Promise<OAuthClientRow | undefined> {
  const [row] = await db
    .update(oauthClients)
    .set({ ...changes, updatedAt: now })
    .where(eq(oauthClients.clientId, clientId))
    .returning();
  return row;
}

/** Its authorization codes go with it (foreign key, on delete cascade). */
export async function deleteOAuthClient(db: Db, clientId: string): Promise<OAuthClientRow | undefined> {
  const [row] = await db.delete(oauthClients).where(eq(oauthClients.clientId, clientId)).returning();
  return row;
}

export async function insertAuthorizationCode(db: Db, code: typeof oauthAuthorizationCodes.$inferInsert) {
  await db.insert(oauthAuthorizationCodes).values(code);
}

/**
 * Spends the code: the one statement that makes it single-use under concurrency. Undefined when
 * the code is unknown or already spent (the caller then looks for a replay).
 */
export async function consumeAuthorizationCode(
  db: Db,
  codeHash: string,
  now: Date,
): Promise<OAuthCodeRow | undefined> {
  const [row] = await db
    .update(oauthAuthorizationCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthAuthorizationCodes.codeHash, codeHash), isNull(oauthAuthorizationCodes.usedAt)))
    .returning();
  return row;
}

export async function findAuthorizationCode(db: Db, codeHash: string): Promise<OAuthCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthAuthorizationCodes)
    .where(eq(oauthAuthorizationCodes.codeHash, codeHash))
    .limit(1);
  return row;
}

/** A sign-in session (refresh family): whose, in which tenant, and whether it was revoked. */
export async function findRefreshFamily(db: Db, familyId: string) {
  const [row] = await db
    .select({
      userId: refreshTokenFamilies.userId,
      tenantId: refreshTokenFamilies.tenantId,
      revokedAt: refreshTokenFamilies.revokedAt,
      authentication: refreshTokenFamilies.authentication,
    })
    .from(refreshTokenFamilies)
    .where(eq(refreshTokenFamilies.id, familyId))
    .limit(1);
  return row;
}
