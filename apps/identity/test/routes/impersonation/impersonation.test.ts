import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { createUser } from '../../factories.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';
import { accessTokenOf } from '../../lifecycle-helpers.js';

const server = useTestServer();
const impersonate = (payload: unknown) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/impersonation/v1`,
    payload: payload as Record<string, unknown>,
  });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('impersonation', () => {
  it('a superuser gets a session of the user whose token carries the actor claim; both sides are audited', async () => {
    const { user: vendor } = await createUser(server().db, server().passwords, { superUser: true });
    const { user } = await createUser(server().db, server().passwords);
    const actorToken = await accessTokenOf(server(), vendor.email);
    const response = await impersonate({ impersonatedUserId: user.id, actorToken });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ accessToken: string; userId: string }>();
    expect(body.userId).toBe(user.id);
    expect(claimsOf(body.accessToken)).toMatchObject({
      sub: user.id,
      amr: ['impersonation'],
      act: { sub: vendor.id, email: vendor.email, type: 'impersonation' },
    });
    const refreshCookie = response.cookies.find((cookie) => cookie.name === 'fe_refresh_brizoaccess')?.value;
    expect(refreshCookie).toBeTruthy();

    // Regression (issue 3): a refreshed token must still say who is acting, or the impersonator's
    // session would pass for the user's own after the first renewal.
    const refreshed = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      cookies: { fe_refresh_brizoaccess: refreshCookie ?? '' },
      payload: {},
    });
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.json<{ accessToken: string }>().accessToken)).toMatchObject({
      sub: user.id,
      amr: ['impersonation'],
      act: { sub: vendor.id, email: vendor.email, type: 'impersonation' },
    });
    const vendorActions = (await listAuditLogsByEmail(server().db, vendor.email)).map((log) => log.action);
    const userActions = (await listAuditLogsByEmail(server().db, user.email)).map((log) => log.action);
    expect(vendorActions).toContain('Impersonation started');
    expect(userActions).toContain('Impersonation started');
  });

  it('refuses anyone but a superuser, unknown users, oneself and forged tokens, and audits it', async () => {
    const { user: admin } = await createUser(server().db, server().passwords, { roleKeys: ['Admin'] });
    const { user: vendor } = await createUser(server().db, server().passwords, { superUser: true });
    const { user } = await createUser(server().db, server().passwords);
    const adminToken = await accessTokenOf(server(), admin.email);
    const vendorToken = await accessTokenOf(server(), vendor.email);
    expectErrorShape(await impersonate({ impersonatedUserId: user.id, actorToken: adminToken }), 403);
    expectErrorShape(await impersonate({ impersonatedUserId: vendor.id, actorToken: vendorToken }), 403);
    expectErrorShape(
      await impersonate({
        impersonatedUserId: '00000000-0000-4000-8000-000000000000',
        actorToken: vendorToken,
      }),
      403,
    );
    const [header, , signature] = vendorToken.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claimsOf(adminToken), superUser: true })).toString(
      'base64url',
    );
    expectErrorShape(
      await impersonate({
        impersonatedUserId: user.id,
        actorToken: `${header}.${forgedPayload}.${signature}`,
      }),
      403,
    );
    const adminActions = (await listAuditLogsByEmail(server().db, admin.email)).map((log) => log.action);
    expect(adminActions).toContain('Impersonation refused');
  });

  it.each([
    ['no body', undefined],
    ['no actorToken', { impersonatedUserId: '00000000-0000-4000-8000-000000000000' }],
    ['a bad user id', { impersonatedUserId: 'nope', actorToken: 'x' }],
    ['a number token', { impersonatedUserId: '00000000-0000-4000-8000-000000000000', actorToken: 5 }],
  ])('bad input (%s) is a 400 with the error shape', async (_name, payload) => {
    expectErrorShape(await impersonate(payload), 400);
  });
});
