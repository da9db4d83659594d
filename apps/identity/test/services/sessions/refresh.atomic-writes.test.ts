import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMembership } from '../../../src/db/queries/tenants.js';
import { findUserById } from '../../../src/db/queries/users.js';
import { refreshTokenFamilies } from '../../../src/db/schema/index.js';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../src/services/sessions.js';
import { auditCount, failingInserts } from '../../atomic-support.js';
import { createTenant, createUser } from '../../factories.js';
import { API, cookieValue, expectErrorShape, useTestServer } from '../../harness.js';
import { mfaClient } from '../../mfa-support.js';

// Issue 10: a refresh that switches tenants moves the session's and the user's tenant together, and a
// reused refresh token revokes its session together with the audit row saying why.
const server = useTestServer();
const client = mfaClient(server);
const inserts = failingInserts(server);
const COOKIE = 'fe_refresh_brizoaccess';
const REUSED = 'Refresh token reuse detected, session revoked';

async function signIn() {
  const { user, tenant } = await createUser(server().db, server().passwords, { roleKeys: ['bfm-base'] });
  const login = await client.login(user.email);
  const refreshToken = cookieValue(login, COOKIE) ?? '';
  const [session] = await server()
    .db.select()
    .from(refreshTokenFamilies)
    .where(eq(refreshTokenFamilies.userId, user.id));
  if (!refreshToken || !session) throw new Error(`sign-in failed: ${login.body}`);
  return { user, tenant, refreshToken, familyId: session.id };
}

const refresh = (refreshToken: string, payload: Record<string, unknown> = { tenantId: null }) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    payload,
    cookies: { [COOKIE]: refreshToken },
  });

const familyOf = async (familyId: string) =>
  (await server().db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.id, familyId)))[0];

describe('issue 10: the refresh is atomic where it writes more than one row', () => {
  it('a tenant switch whose active tenant fails to be saved keeps the session in its tenant', async () => {
    const { user, tenant, refreshToken, familyId } = await signIn();
    const other = await createTenant(server().db, { name: 'Second account' });
    await insertMembership(server().db, user.id, other.id);

    await inserts.failUpdates('users', 'new.active_tenant_id is distinct from old.active_tenant_id');
    expectErrorShape(await refresh(refreshToken, { tenantId: other.id }), 500);
    expect((await familyOf(familyId))?.tenantId).toBe(tenant.id);
    expect((await findUserById(server().db, user.id))?.activeTenantId).toBe(tenant.id);

    await inserts.restore('users');
    // The failed refresh rotated the token (its own statement, before the switch): the grace period
    // lets the same cookie ask again.
    const again = await refresh(refreshToken, { tenantId: other.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(decodeJwt(again.json<{ accessToken: string }>().accessToken).tenantId).toBe(other.id);
    expect((await familyOf(familyId))?.tenantId).toBe(other.id);
  });

  it('a reuse whose audit row fails does not revoke the session; detected again, it does', async () => {
    const { user, refreshToken, familyId } = await signIn();
    expect((await refresh(refreshToken)).statusCode).toBe(200);
    server().clock.advanceSeconds(REFRESH_REUSE_GRACE_SECONDS + 1);

    await inserts.failAudit(REUSED);
    expectErrorShape(await refresh(refreshToken), 500);
    expect((await familyOf(familyId))?.revokedAt).toBeNull();

    await inserts.restore('audit_logs');
    expectErrorShape(await refresh(refreshToken), 401);
    expect((await familyOf(familyId))?.revokedAt).not.toBeNull();
    expect(await auditCount(server(), REUSED, user.id)).toBe(1);
  });
});
