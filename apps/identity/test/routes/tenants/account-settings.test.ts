import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { findTenantById, updateTenant } from '../../../src/db/queries/tenants.js';
import { as, createTenantAdmins } from '../../admin-support.js';
import { expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const SETTINGS = '/frontegg/tenants/resources/account-settings/v1';
const CUSTOM_LOGIN = '/frontegg/metadata/admin-box';
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('account settings (issue 4)', () => {
  it("answers and updates the active tenant's settings, audited; an unchanged save says 'No changes to update'", async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    const read = await admin('GET', SETTINGS);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      tenantId: tenant.tenant.id,
      name: tenant.tenant.name,
      address: null,
    });

    const settings = {
      name: 'Acme Foods',
      address: '1 Market Street, Springfield',
      website: 'https://acme-foods.test',
      timezone: 'Europe/Paris',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: 'HH:mm',
      currency: 'EUR',
      logo: LOGO,
    };
    const saved = await admin('PUT', SETTINGS, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(settings);
    expect(await findTenantById(server().db, tenant.tenant.id)).toMatchObject({ ...settings, logo: LOGO });

    const again = expectErrorShape(await admin('PUT', SETTINGS, settings), 400);
    expect(again.errors).toEqual(['No changes to update']);

    // An empty text clears the field.
    expect((await admin('PUT', SETTINGS, { address: '' })).json()).toMatchObject({ address: null });
    const entries = await listAuditLogsByEmail(server().db, tenant.admin.user.email);
    const updated = entries.find((entry) => entry.action === 'Account settings updated');
    expect(updated).toMatchObject({ tenantId: tenant.tenant.id, userId: tenant.admin.user.id });
  });

  it('walk-through: a new account (no currency) saves its timezone even when the empty currency comes along', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    const saved = await admin('PUT', SETTINGS, { timezone: 'Europe/Paris', currency: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ timezone: 'Europe/Paris', currency: null });
    await admin('PUT', SETTINGS, { currency: 'EUR' });
    // Empty clears a set currency, as it does any other text.
    expect((await admin('PUT', SETTINGS, { currency: '' })).json()).toMatchObject({ currency: null });
    expect((await findTenantById(server().db, tenant.tenant.id))?.currency).toBeNull();
  });

  it('accepts only an image data URL as the logo, within the size limit', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    const notImage = expectErrorShape(
      await admin('PUT', SETTINGS, { logo: 'https://evil.test/logo.png' }),
      400,
    );
    expect(notImage.errors).toEqual(['The logo must be an image data URL (data:image/{type};base64)']);
    expectErrorShape(await admin('PUT', SETTINGS, { logo: 'data:text/html;base64,PHNjcmlwdD4=' }), 400);
    const huge = `data:image/png;base64,${'A'.repeat(300 * 1024)}`;
    expect(expectErrorShape(await admin('PUT', SETTINGS, { logo: huge }), 400).errors).toEqual([
      'The logo must be at most 256 KB',
    ]);
    expect((await findTenantById(server().db, tenant.tenant.id))?.logo).toBeNull();
  });

  it('answers the public settings without a session, by tenantId', async () => {
    const tenant = await createTenantAdmins(server());
    const response = await server().app.inject({
      method: 'GET',
      url: `${SETTINGS}/public?tenantId=${tenant.tenant.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tenantId: tenant.tenant.id,
      loginUrl: expect.stringContaining(`tenantId=${tenant.tenant.id}`),
    });
    // Neither a tenantId nor a session: no account is named (signed in, it is the token's own account).
    const unnamed = await server().app.inject({ method: 'GET', url: `${SETTINGS}/public` });
    expectErrorShape(unnamed, 403);
    expect(unnamed.json().errorCode).toBe('ER-ADMIN-NO-TENANT');
    expectErrorShape(
      await server().app.inject({ method: 'GET', url: `${SETTINGS}/public?tenantId=${UNKNOWN}` }),
      404,
    );
    expectErrorShape(
      await server().app.inject({ method: 'GET', url: `${SETTINGS}/public?tenantId=nope` }),
      400,
    );
  });

  it('stores the custom login box from the actions the SDK sends', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    expect((await admin('GET', CUSTOM_LOGIN)).json()).toEqual({});
    const actions = [
      { type: 'loginBox/logo/image', payload: LOGO },
      { type: 'loginBox/palette/primary/main', payload: '#2f9e44' },
      { type: 'loginBox/socialLogins/socialLoginsLayout/placement', payload: 'bottom' },
    ];
    const saved = await admin('POST', CUSTOM_LOGIN, { actions });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      loginBox: {
        logo: { image: LOGO },
        palette: { primary: { main: '#2f9e44' } },
        socialLogins: { socialLoginsLayout: { placement: 'bottom' } },
      },
    };
    expect((await admin('GET', CUSTOM_LOGIN)).json()).toEqual(expected);
    expect(expectErrorShape(await admin('POST', CUSTOM_LOGIN, { actions }), 400).errors).toEqual([
      'No changes to update',
    ]);
    expectErrorShape(
      await admin('POST', CUSTOM_LOGIN, { actions: [{ type: 'loginBox/script', payload: 'x' }] }),
      400,
    );
    expectErrorShape(
      await admin('POST', CUSTOM_LOGIN, {
        actions: [{ type: 'loginBox/logo/image', payload: 'https://x.test/a.png' }],
      }),
      400,
    );
    expectErrorShape(
      await admin('POST', CUSTOM_LOGIN, {
        actions: [{ type: 'loginBox/palette/primary/main', payload: 'red;x' }],
      }),
      400,
    );
    expectErrorShape(await admin('POST', CUSTOM_LOGIN, { actions: [] }), 400);
    expectErrorShape(await admin('POST', CUSTOM_LOGIN, {}), 400);
    expect((await admin('GET', CUSTOM_LOGIN)).json()).toEqual(expected);
  });

  it("answers the login box look of the account's login address without a session, and nothing else", async () => {
    const tenant = await createTenantAdmins(server());
    const publicLook = (query: string) =>
      server().app.inject({ method: 'GET', url: `${CUSTOM_LOGIN}/public?${query}` });
    const defaults = { logo: null, primaryColor: null, socialLoginsPlacement: 'bottom' };
    expect((await publicLook(`tenantId=${tenant.tenant.id}`)).json()).toEqual(defaults);

    await as(server(), tenant.admin)('POST', CUSTOM_LOGIN, {
      actions: [
        { type: 'loginBox/logo/image', payload: LOGO },
        { type: 'loginBox/palette/primary/main', payload: '#7048e8' },
        { type: 'loginBox/socialLogins/socialLoginsLayout/placement', payload: 'top' },
      ],
    });
    await as(server(), tenant.admin)('PUT', SETTINGS, { address: '1 Secret Lane' });
    const custom = await publicLook(`tenantId=${tenant.tenant.id}`);
    expect(custom.statusCode).toBe(200);
    // Only the look: no name, address or id of the tenant.
    expect(custom.json()).toEqual({ logo: LOGO, primaryColor: '#7048e8', socialLoginsPlacement: 'top' });

    // An unknown tenant looks exactly like one that customised nothing: no way to probe for tenants.
    const unknown = await publicLook(`tenantId=${UNKNOWN}`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(defaults);
    expectErrorShape(await publicLook('tenantId=nope'), 400);
    expectErrorShape(await publicLook(''), 400);
  });

  it('serves only well-formed values from the stored login box', async () => {
    const tenant = await createTenantAdmins(server());
    await updateTenant(server().db, tenant.tenant.id, {
      customLogin: {
        loginBox: {
          logo: { image: 'https://tracker.test/pixel.png' },
          palette: { primary: { main: 'red; background: url(x)' } },
          socialLogins: { socialLoginsLayout: { placement: 'sideways' } },
        },
      },
    });
    const response = await server().app.inject({
      method: 'GET',
      url: `${CUSTOM_LOGIN}/public?tenantId=${tenant.tenant.id}`,
    });
    expect(response.json()).toEqual({ logo: null, primaryColor: null, socialLoginsPlacement: 'bottom' });
  });

  it('lets the Read Only administrator read and nothing else; a member and anonymous callers get nothing', async () => {
    const tenant = await createTenantAdmins(server());
    const readOnly = as(server(), tenant.readOnly);
    expect((await readOnly('GET', SETTINGS)).statusCode).toBe(200);
    expect((await readOnly('GET', CUSTOM_LOGIN)).statusCode).toBe(200);
    expectErrorShape(await readOnly('PUT', SETTINGS, { name: 'Taken over' }), 403);
    expectErrorShape(
      await readOnly('POST', CUSTOM_LOGIN, {
        actions: [{ type: 'loginBox/palette/primary/main', payload: '#000' }],
      }),
      403,
    );
    expectErrorShape(await as(server(), tenant.member)('GET', SETTINGS), 403);
    expectErrorShape(await server().app.inject({ method: 'GET', url: SETTINGS }), 401);
    expectErrorShape(
      await server().app.inject({ method: 'PUT', url: SETTINGS, payload: { name: 'x' } }),
      401,
    );
    expect((await findTenantById(server().db, tenant.tenant.id))?.name).toBe(tenant.tenant.name);
  });

  it('answers bad input with 400 in the error shape', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    expectErrorShape(await admin('PUT', SETTINGS, { name: 42 }), 400);
    expectErrorShape(await admin('PUT', SETTINGS, { name: '' }), 400);
    expectErrorShape(await admin('PUT', SETTINGS, { currency: 'euros' }), 400);
    expectErrorShape(await admin('PUT', SETTINGS, { website: 'javascript:alert(1)' }), 400);
    expectErrorShape(await admin('PUT', SETTINGS, { timezone: 'x'.repeat(100) }), 400);
    expectErrorShape(await admin('PUT', SETTINGS, {}), 400);
    expectErrorShape(await admin('PUT', SETTINGS, 'name'), 415);
  });

  it("only ever reads and changes the caller's own tenant", async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    // The tenant comes from the token: a tenantId in the body or query is not a way in.
    const response = await as(server(), a.admin)('PUT', `${SETTINGS}?tenantId=${b.tenant.id}`, {
      name: 'A renamed',
    });
    expect(response.json()).toMatchObject({ tenantId: a.tenant.id, name: 'A renamed' });
    expect((await as(server(), a.admin)('GET', SETTINGS)).json()).toMatchObject({ tenantId: a.tenant.id });
    expect((await findTenantById(server().db, b.tenant.id))?.name).toBe(b.tenant.name);
  });
});
