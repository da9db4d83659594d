import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../db/queries/audit-logs.js';
import { DEMO_PASSWORD } from '../../services/seed.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { API, expectErrorShape, useTestServer } from '../../../test/harness.js';

// Issue 3: the vendor's auth-strategy configuration is editable, and the public GETs reflect it.

const server = useTestServer();
const STRATEGIES = `${API}/configurations/v1/auth/strategies`;

async function tokenOf(email: string, password: string): Promise<string> {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json().accessToken;
}

const change = (token: string | undefined, payload: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  server().app.inject({
    method,
    url: STRATEGIES,
    payload: JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

const publicStrategies = async () =>
  (await server().app.inject({ method: 'GET', url: `${STRATEGIES}/public` })).json();
const publicPolicy = async () =>
  (await server().app.inject({ method: 'GET', url: `${API}/configurations/v1/public` })).json();

describe('PUT/POST /configurations/v1/auth/strategies', () => {
  it('lets the vendor (a superuser) switch the main strategy; the public GETs reflect it at once', async () => {
    const vendor = await tokenOf('super@brizo.test', DEMO_PASSWORD);
    expect((await publicPolicy()).authStrategy).toBe('EmailAndPassword');

    const response = await change(vendor, {
      mainAuthStrategies: [{ strategy: 'MagicLink' }],
      secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mainAuthStrategies: [{ strategy: 'MagicLink' }],
      secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }],
    });
    expect(await publicStrategies()).toEqual(response.json());
    expect((await publicPolicy()).authStrategy).toBe('MagicLink');

    // POST works too, and a partial change keeps the other list.
    const back = await change(vendor, { mainAuthStrategies: [{ strategy: 'EmailAndPassword' }] }, 'POST');
    expect(back.json()).toEqual({
      mainAuthStrategies: [{ strategy: 'EmailAndPassword' }],
      secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }],
    });
    expect((await publicPolicy()).authStrategy).toBe('EmailAndPassword');

    const audits = await listAuditLogsByEmail(server().db, 'super@brizo.test');
    expect(audits.map((audit) => audit.action)).toContain('Authentication strategies changed');
    expect((await change(vendor, { secondaryAuthStrategies: [] })).statusCode).toBe(200);
    expect((await publicStrategies()).secondaryAuthStrategies).toEqual([]);
  });

  it("refuses a tenant's administrator (403): the strategies are every tenant's sign-in", async () => {
    const before = await publicStrategies();
    const { user } = await createUser(server().db, server().passwords, { roleKeys: ['Admin'] });
    for (const admin of [
      await tokenOf('admin@brizo.test', DEMO_PASSWORD),
      await tokenOf(user.email, TEST_PASSWORD),
    ]) {
      for (const method of ['PUT', 'POST'] as const) {
        const refused = expectErrorShape(
          await change(admin, { mainAuthStrategies: [{ strategy: 'Code' }] }, method),
          403,
        );
        expect(refused).toEqual({
          errors: ['Only a vendor administrator can change this setting'],
          errorCode: 'ER-ADMIN-VENDOR-ONLY',
        });
      }
    }
    expect(await publicStrategies()).toEqual(before);
    expect((await publicPolicy()).authStrategy).toBe('EmailAndPassword');
  });

  it('refuses users who are not administrators (403) and requests without a token (401)', async () => {
    const { user } = await createUser(server().db, server().passwords, { roleKeys: ['bfm-base'] });
    const plain = await tokenOf(user.email, TEST_PASSWORD);
    const forbidden = expectErrorShape(
      await change(plain, { mainAuthStrategies: [{ strategy: 'Code' }] }),
      403,
    );
    expect(forbidden.errorCode).toBe('ER-ADMIN-VENDOR-ONLY');
    expectErrorShape(await change(undefined, { mainAuthStrategies: [{ strategy: 'Code' }] }), 401);
    expectErrorShape(await change('not.a.jwt', { mainAuthStrategies: [{ strategy: 'Code' }] }), 401);
    expect((await publicPolicy()).authStrategy).toBe('EmailAndPassword');
  });

  it('rejects bad input with 400 and the error shape, never a 500', async () => {
    const vendor = await tokenOf('super@brizo.test', DEMO_PASSWORD);
    const bad: unknown[] = [
      {},
      { mainAuthStrategies: [] },
      { mainAuthStrategies: [{ strategy: 'Code' }, { strategy: 'MagicLink' }] },
      { mainAuthStrategies: [{ strategy: 'Telepathy' }] },
      { mainAuthStrategies: 'Code' },
      { mainAuthStrategies: [{}] },
      { secondaryAuthStrategies: [{ strategy: 'Passkeys' }] },
      { secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: 'yes' }] },
      {
        secondaryAuthStrategies: [
          { strategy: 'Passkeys', isActive: true },
          { strategy: 'Passkeys', isActive: false },
        ],
      },
      [],
      'Code',
    ];
    for (const payload of bad) {
      const body = expectErrorShape(await change(vendor, payload), 400);
      expect(body.errorCode).toBe('ER-REQUEST-VALIDATION');
    }
    const malformed = await server().app.inject({
      method: 'PUT',
      url: STRATEGIES,
      headers: { authorization: `Bearer ${vendor}`, 'content-type': 'application/json' },
      payload: '{"mainAuthStrategies":',
    });
    expectErrorShape(malformed, 400);
    expect((await publicPolicy()).authStrategy).toBe('EmailAndPassword');
  });
});
