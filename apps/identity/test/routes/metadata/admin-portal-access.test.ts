import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/services/seed.js';
import { as, createTenantAdmins } from '../../admin-support.js';
import { expectErrorShape, startTestServer, useTestServer } from '../../harness.js';
import { accessTokenOf } from '../../lifecycle-helpers.js';

const server = useTestServer();
const METADATA = '/frontegg/metadata?entityName=adminBox';

describe('the admin portal metadata (adminBox)', () => {
  it('answers the sections with their visibility', async () => {
    const response = await server().app.inject({ method: 'GET', url: METADATA });
    expect(response.statusCode).toBe(200);
    const { configuration } = response.json().rows[0];
    expect(configuration.navigation.profile).toEqual({ visibility: 'always' });
    expect(configuration.navigation.users).toEqual({ visibility: 'byPermissions' });
    expect(Object.keys(configuration.navigation)).toHaveLength(16);
  });

  it('lets a superuser hide a section and set field appearance; the change is merged and audited', async () => {
    const superUser = {
      authorization: `Bearer ${await accessTokenOf(server(), 'super@brizo.test', DEMO_PASSWORD)}`,
    };
    const configuration = {
      navigation: { usage: { visibility: 'hidden' } },
      themeV2: {
        adminPortal: { pages: { profile: { fieldsProperties: { phoneNumber: { appearance: 'hidden' } } } } },
      },
    };
    const response = await as(server(), superUser)('PUT', METADATA, { configuration });
    expect(response.statusCode).toBe(200);
    const read = (await server().app.inject({ method: 'GET', url: METADATA })).json().rows[0].configuration;
    expect(read.navigation.usage).toEqual({ visibility: 'hidden' });
    expect(read.navigation.users).toEqual({ visibility: 'byPermissions' });
    expect(read.themeV2.adminPortal.pages.profile.fieldsProperties.phoneNumber.appearance).toBe('hidden');
    await as(server(), superUser)('PUT', METADATA, {
      configuration: { navigation: { usage: { visibility: 'byPermissions' } } },
    });
  });

  it('refuses tenant administrators, anonymous callers and bad input', async () => {
    const { admin } = await createTenantAdmins(server());
    const body = { configuration: { navigation: { users: { visibility: 'hidden' } } } };
    expectErrorShape(await as(server(), admin)('PUT', METADATA, body), 403);
    expectErrorShape(await server().app.inject({ method: 'PUT', url: METADATA, payload: body }), 401);
    const superUser = {
      authorization: `Bearer ${await accessTokenOf(server(), 'super@brizo.test', DEMO_PASSWORD)}`,
    };
    expectErrorShape(await as(server(), superUser)('PUT', METADATA, { configuration: 'x' }), 400);
    expectErrorShape(await as(server(), superUser)('PUT', METADATA, {}), 400);
    expectErrorShape(await as(server(), superUser)('PUT', '/frontegg/metadata?entityName=saml', body), 400);
  });
});

describe('the Read Only administrator', () => {
  it('carries read permissions and no write permission in the access token', async () => {
    const { readOnly, admin } = await createTenantAdmins(server());
    const claimsOf = (authorization: string) =>
      JSON.parse(Buffer.from(authorization.split('.')[1] ?? '', 'base64url').toString()) as {
        permissions: string[];
      };
    const readOnlyPermissions = claimsOf(readOnly.authorization).permissions;
    expect(readOnlyPermissions).toContain('fe.secure.read.users');
    expect(readOnlyPermissions.some((key) => key.includes('.write.') || key === 'fe.*')).toBe(false);
    expect(claimsOf(admin.authorization).permissions).toContain('fe.*');
  });
});

describe('opening the portal', () => {
  it('sends /oauth/portal on the identity origin to the admin portal', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/oauth/portal' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/admin-portal');
  });

  it('tells the web app whether the portal opens in a new tab', async () => {
    const script = (await server().app.inject({ method: 'GET', url: '/app-config.js' })).body;
    expect(script).toContain('"adminPortalTarget":"sameWindow"');
    expect(script).not.toContain('previewMode');
  });

  it('passes PREVIEW_MODE and ADMIN_PORTAL_TARGET to the web app', async () => {
    const other = await startTestServer(server().db, {
      env: { PREVIEW_MODE: 'true', ADMIN_PORTAL_TARGET: 'newTab' },
    });
    try {
      const script = (await other.app.inject({ method: 'GET', url: '/app-config.js' })).body;
      expect(script).toContain('"previewMode":true');
      expect(script).toContain('"adminPortalTarget":"newTab"');
    } finally {
      await other.app.close();
    }
  });
});

describe('POST /dev/api/tenants (journeys)', () => {
  it('creates a tenant whose Admin and Read Only administrators can sign in', async () => {
    const response = await server().app.inject({ method: 'POST', url: '/dev/api/tenants', payload: {} });
    expect(response.statusCode).toBe(200);
    const created = response.json<{
      tenantId: string;
      admin: { email: string };
      readOnly: { email: string };
    }>();
    for (const email of [created.admin.email, created.readOnly.email]) {
      const token = await accessTokenOf(server(), email, DEMO_PASSWORD);
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      expect(claims.tenantId).toBe(created.tenantId);
    }
    expectErrorShape(
      await server().app.inject({ method: 'POST', url: '/dev/api/tenants', payload: { name: 42 } }),
      400,
    );
  });
});
