import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../factories.js';
import { API, expectErrorShape, useTestServer } from '../../../harness.js';

const server = useTestServer();
const POLICY = `${API}/configurations/v1/captcha-policy`;

async function tokenOf(roleKeys: string[], superUser = false) {
  const { user } = await createUser(server().db, server().passwords, { roleKeys, superUser });
  const login = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  return login.json().accessToken as string;
}

const put = (accessToken: string | undefined, payload: unknown) =>
  server().app.inject({
    method: 'PUT',
    url: POLICY,
    payload: payload as Record<string, unknown>,
    ...(accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {}),
  });

describe('captcha policy', () => {
  it('is off by default', async () => {
    const response = await server().app.inject({ method: 'GET', url: `${POLICY}/public` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: false, siteKey: null, minScore: 0.5, ignoredEmails: [] });
  });

  it('the vendor (a superuser) turns it on; the public view never shows the secret', async () => {
    const vendor = await tokenOf([], true);
    const response = await put(vendor, {
      enabled: true,
      siteKey: 'site-key',
      secretKey: 'secret-key',
      minScore: 0.7,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ enabled: true, siteKey: 'site-key', secretKey: 'secret-key' });
    const visible = await server().app.inject({ method: 'GET', url: `${POLICY}/public` });
    expect(visible.json()).toEqual({ enabled: true, siteKey: 'site-key', minScore: 0.7, ignoredEmails: [] });
    expect(visible.body).not.toContain('secret-key');
    const adminView = await server().app.inject({
      method: 'GET',
      url: POLICY,
      headers: { authorization: `Bearer ${vendor}` },
    });
    expect(adminView.json().secretKey).toBe('secret-key');
    // A tenant's administrator reads the policy in the Security section, but never the vendor's secret.
    const tenantView = await server().app.inject({
      method: 'GET',
      url: POLICY,
      headers: { authorization: `Bearer ${await tokenOf(['Admin'])}` },
    });
    expect(tenantView.statusCode).toBe(200);
    expect(tenantView.json()).toMatchObject({ siteKey: 'site-key', secretKey: null });
    expect((await put(vendor, { enabled: false })).json().enabled).toBe(false);
  });

  it("refuses a tenant's administrator (403): captcha guards every tenant's sign-in", async () => {
    const admin = await tokenOf(['Admin']);
    for (const method of ['PUT', 'POST'] as const) {
      const refused = await server().app.inject({
        method,
        url: POLICY,
        payload: { enabled: true, siteKey: 'tenant-site', secretKey: 'tenant-secret' },
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(expectErrorShape(refused, 403).errorCode).toBe('ER-ADMIN-VENDOR-ONLY');
    }
    const visible = await server().app.inject({ method: 'GET', url: `${POLICY}/public` });
    expect(visible.json()).toMatchObject({ enabled: false });
    expect(visible.body).not.toContain('tenant-site');
  });

  it('cannot be enabled without keys', async () => {
    const vendor = await tokenOf([], true);
    const response = await put(vendor, { enabled: true, siteKey: null, secretKey: null });
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-CAPTCHA-SITE-KEY-REQUIRED');
  });

  it('members neither read nor change it; no token 401', async () => {
    const member = await tokenOf(['bfm-base']);
    expectErrorShape(await put(member, { enabled: false }), 403);
    expectErrorShape(await put(undefined, { enabled: false }), 401);
    const read = await server().app.inject({
      method: 'GET',
      url: POLICY,
      headers: { authorization: `Bearer ${member}` },
    });
    expectErrorShape(read, 403);
  });

  it.each([
    ['enabled of the wrong type', { enabled: 'yes' }],
    ['minScore out of range', { minScore: 2 }],
    ['ignoredEmails not emails', { ignoredEmails: ['nope'] }],
    ['siteKey of the wrong type', { siteKey: 12 }],
  ])('%s → 400', async (_name, payload) => {
    const vendor = await tokenOf([], true);
    expectErrorShape(await put(vendor, payload), 400);
  });
});
