// Issue 13: reading SSO connections for sign-in (the SSO section's own queries sit beside this file).
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { ssoConnections, ssoDomains } from '../schema/index.js';
import type { SsoConnectionRow } from '../../auth/federated/types.js';

export async function findSsoConnectionById(db: Db, id: string): Promise<SsoConnectionRow | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.id, id)).limit(1);
  return row;
}

/** The enabled connection that owns this validated email domain, if any (a validated domain has one owner). */
export async function findSsoConnectionByDomain(
  db: Db,
  domain: string,
): Promise<SsoConnectionRow | undefined> {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoDomains.connectionId))
    .where(
      and(
        eq(ssoDomains.domain, domain.toLowerCase()),
        eq(ssoDomains.validated, true),
        eq(ssoConnections.enabled, true),
      ),
    )
    .limit(1);
  return row?.connection;
}

/** The enabled SAML connections of an IdP entity id: where an unsolicited (IdP-initiated) response may belong. */
export async function findSamlConnectionsByIdpEntityId(
  db: Db,
  idpEntityId: string,
): Promise<SsoConnectionRow[]> {
  return db
    .select()
    .from(ssoConnections)
    .where(
      and(
        eq(ssoConnections.protocol, 'saml'),
        eq(ssoConnections.idpEntityId, idpEntityId),
        eq(ssoConnections.enabled, true),
      ),
    )
    .orderBy(asc(ssoConnections.createdAt))
    .limit(20);
}
