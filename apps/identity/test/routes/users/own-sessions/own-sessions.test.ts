import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../../src/db/queries/audit-logs.js';
import { as, createTenantAdmins } from '../../../admin-support.js';
import { TEST_PASSWORD } from '../../../factories.js';
import { API, cookieValue, expectErrorShape, useTestServer } from '../../../harness.js';

// Issue 4, the Privacy section's active sessions: a user sees and signs out only their own sessions;
// a revoked session can no longer refresh its token; "sign out all" keeps the current one.

const server = useTestServer();
const SESSIONS = `${API}/users/sessions/v1/me`;
const COOKIE = 'fe_refresh_brizoaccess';

interface Browser {
  authorization: string;
  refreshToken: string;
}

/** A fresh sign-in from a browser with its own user agent: a session of its own. */
async function signIn(email: string, userAgent: string): Promise<Browser> {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode).toBe(200);
  return {
    authorization: `Bearer ${response.json<{ accessToken: string }>().accessToken}`,
    refreshToken: cookieValue(response, COOKIE) ?? '',
  };
}

const refresh = (browser: Browser) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    payload: { tenantId: null },
    cookies: { [COOKIE]: browser.refreshToken },
  });

/** Refreshes and keeps the rotated token, as the browser would. */
async function refreshed(browser: Browser): Promise<number> {
  const response = await refresh(browser);
  browser.refreshToken = cookieValue(response, COOKIE) ?? browser.refreshToken;
  return response.statusCode;
}

interface SessionJson {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  current: boolean;
}

const sessionsOf = async (browser: Browser) =>
  (await as(server(), browser)('GET', SESSIONS)).json<SessionJson[]>();

describe('/users/sessions/v1/me (active sessions)', () => {
  it.each(['admin', 'readOnly', 'member'] as const)(
    'lists the %s’s own sessions with user agent, IP, creation time and the current one flagged',
    async (role) => {
      const team = await createTenantAdmins(server());
      const email = team[role].user.email;
      const laptop = await signIn(email, 'Laptop browser');
      const phone = await signIn(email, 'Phone browser');
      const sessions = await sessionsOf(laptop);
      // The one of createTenantAdmins, the laptop and the phone.
      expect(sessions).toHaveLength(3);
      const current = sessions.filter((session) => session.current);
      expect(current).toHaveLength(1);
      expect(current[0]).toMatchObject({ userAgent: 'Laptop browser', ipAddress: '127.0.0.1' });
      expect(Number.isNaN(Date.parse(current[0]?.createdAt ?? ''))).toBe(false);
      expect(sessions.find((session) => session.userAgent === 'Phone browser')?.current).toBe(false);
      const fromPhone = await as(server(), phone)('GET', `${SESSIONS}/current`);
      expect(fromPhone.json()).toMatchObject({ userAgent: 'Phone browser', current: true });
    },
  );

  it('revokes one session: that browser can no longer refresh; the others still can; audited', async () => {
    const team = await createTenantAdmins(server());
    const email = team.member.user.email;
    const first = await signIn(email, 'First browser');
    const second = await signIn(email, 'Second browser');
    const target = (await sessionsOf(first)).find((session) => session.userAgent === 'Second browser');
    const response = await as(server(), first)('DELETE', `${SESSIONS}/${target?.id}`);
    expect(response.statusCode).toBe(200);
    expectErrorShape(await refresh(second), 401);
    expect(await refreshed(first)).toBe(200);
    expect((await sessionsOf(first)).map((session) => session.id)).not.toContain(target?.id);
    const audit = await listAuditLogsByEmail(server().db, email);
    expect(audit.find((row) => row.action === 'User revoked session')).toMatchObject({
      tenantId: team.tenant.id,
      json: { sessionId: target?.id, current: false },
    });
    // Already revoked: nothing left to revoke.
    expectErrorShape(await as(server(), first)('DELETE', `${SESSIONS}/${target?.id}`), 404);
  });

  it('signs out all other sessions and keeps the current one', async () => {
    const team = await createTenantAdmins(server());
    const email = team.admin.user.email;
    const kept = await signIn(email, 'Kept browser');
    const others = [await signIn(email, 'Other one'), await signIn(email, 'Other two')];
    expect((await as(server(), kept)('DELETE', `${SESSIONS}/all`)).statusCode).toBe(200);
    for (const other of others) expectErrorShape(await refresh(other), 401);
    expect(await refreshed(kept)).toBe(200);
    const sessions = await sessionsOf(kept);
    expect(sessions).toEqual([expect.objectContaining({ userAgent: 'Kept browser', current: true })]);
  });

  it('never lists, and answers 404 to revoking, another user’s session: same tenant or another; theirs survives', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const victim = await signIn(b.member.user.email, 'Victim browser');
    const victimSession = (await sessionsOf(victim)).find((session) => session.current);
    for (const attacker of [a.admin, b.admin]) {
      const call = as(server(), attacker);
      const listed = (await call('GET', SESSIONS)).json<SessionJson[]>();
      expect(listed.map((session) => session.id)).not.toContain(victimSession?.id);
      expectErrorShape(await call('DELETE', `${SESSIONS}/${victimSession?.id}`), 404);
      expect((await call('DELETE', `${SESSIONS}/all`)).statusCode).toBe(200);
    }
    expect(await refreshed(victim)).toBe(200);
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    expectErrorShape(await call('DELETE', `${SESSIONS}/not-a-session`), 400);
    expectErrorShape(await call('DELETE', `${SESSIONS}/00000000-0000-4000-8000-000000000000`), 404);
  });

  it('answers 401 without a token or with a bad one', async () => {
    for (const [method, url] of [
      ['GET', SESSIONS],
      ['GET', `${SESSIONS}/current`],
      ['DELETE', `${SESSIONS}/all`],
      ['DELETE', `${SESSIONS}/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      expectErrorShape(await server().app.inject({ method, url }), 401);
      expectErrorShape(
        await server().app.inject({ method, url, headers: { authorization: 'Bearer not.a.token' } }),
        401,
      );
    }
  });
});
