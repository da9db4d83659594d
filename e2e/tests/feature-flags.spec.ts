// Issue 15: the portal obeys the feature flags the server serves (SPEC section 9). The flags are
// server-wide, so this runs with the server-wide journeys (playwright.config.ts) and restores them.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';
import { bearerOf, setFeatureFlag } from '../support/lifecycle';
import { DEMO_PASSWORD } from '../support/env';

test.describe.configure({ mode: 'serial' });

const FLAGS = ['temporary-users', 'groups-admin-box-new', 'multi-apps-admin-portal'];

/** The superuser's bearer header, fresh for each call: journeys' access tokens live 8 s. */
const asVendor = async (request: APIRequestContext) => ({
  authorization: await bearerOf(request, 'super@brizo.test', DEMO_PASSWORD),
});

test.afterEach(async ({ request }) => {
  // Back to the server's own answer (the SPEC default unless a rule says otherwise).
  for (const flag of FLAGS) await setFeatureFlag(request, flag, null);
});

test("'temporary-users' off: the Admin's invite offers no temporary user; on again, it does", async ({
  page,
  request,
}) => {
  await setFeatureFlag(request, 'temporary-users', 'off');
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.admin, 'users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /^Temporary user/ })).toHaveCount(0);
  await expect(dialog.getByText(/expir/i)).toHaveCount(0);

  await setFeatureFlag(request, 'temporary-users', 'on');
  await page.reload();
  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(dialog.getByRole('switch', { name: /^Temporary user/ })).toBeVisible();
});

test("'groups-admin-box-new' off: no Groups in the navigation, nor by its address", async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'users');
  await expect(portal.navLink('Groups')).toBeVisible();

  await setFeatureFlag(request, 'groups-admin-box-new', 'off');
  await page.reload();
  await expect(portal.navLink('Users')).toBeVisible();
  await expect(portal.navLink('Groups')).toHaveCount(0);
  await page.goto('/admin-portal/groups');
  await expect(page.getByText('This section is not available')).toBeVisible();
});

test("'multi-apps-admin-portal' on: the Admin sees each user's applications and assigns a managed one", async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  // The vendor adds an app and gives it to this account, managed: only its assigned users open it.
  const appName = `Menu reports ${Date.now().toString(36)}`;
  const created = await request.post('/frontegg/applications/resources/vendor-applications/v1', {
    headers: await asVendor(request),
    data: { name: appName, description: 'Weekly menu reports', appURL: 'https://reports.brizo.test' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const app = (await created.json()) as { id: string };
  const given = await request.put(
    `/frontegg/applications/resources/vendor-applications/v1/${app.id}/tenants/${tenant.tenantId}`,
    { headers: await asVendor(request), data: {} },
  );
  expect(given.status(), await given.text()).toBe(200);

  try {
    const portal = await signInAndOpenSection(page, tenant.admin, 'users');
    await expect(page.getByRole('columnheader', { name: 'Applications' })).toHaveCount(0);

    await setFeatureFlag(request, 'multi-apps-admin-portal', 'on');
    await page.reload();
    await expect(portal.navLink('Users')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Applications' })).toBeVisible();
    const memberRow = page.getByRole('row', { name: new RegExp(tenant.member.email) });
    await expect(memberRow.getByText('Brizo FoodMetrics')).toBeVisible();
    await expect(memberRow.getByText(appName)).toHaveCount(0);

    await page.getByRole('button', { name: `Actions for ${tenant.member.email}` }).click();
    await page.getByRole('menuitem', { name: 'Manage applications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage applications' });
    await expect(dialog.getByRole('checkbox', { name: /Brizo FoodMetrics/ })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: new RegExp(appName) }).check();
    await dialog.getByRole('button', { name: 'Save applications' }).click();
    await expect(dialog).toBeHidden();
    await expect(memberRow.getByText(appName)).toBeVisible();

    // The member's next token carries the app.
    const token = (await bearerOf(request, tenant.member.email, tenant.member.password)).split('.')[1] ?? '';
    const claims = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      applicationIds: string[];
    };
    expect(claims.applicationIds).toContain(app.id);
  } finally {
    await request.delete(`/frontegg/applications/resources/vendor-applications/v1/${app.id}`, {
      headers: await asVendor(request),
    });
  }
});

test('entitlements on: a section whose permission a feature links is locked until the account holds it', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const entitlements = '/frontegg/entitlements/resources';
  const created = await request.post(`${entitlements}/features/v1`, {
    headers: await asVendor(request),
    data: {
      key: `audit-logs-${Date.now().toString(36)}`,
      name: 'Audit logs',
      linkedPermissions: ['fe.secure.read.audits'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const feature = (await created.json()) as { id: string };
  try {
    await request.put(`${entitlements}/settings/v1`, {
      headers: await asVendor(request),
      data: { enabled: true },
    });
    const portal = await signInAndOpenSection(page, tenant.admin, 'audits');
    const navigation = page.getByRole('navigation', { name: 'Admin portal sections' });
    await expect(navigation.getByRole('link', { name: /^Audit logs\s*Locked$/ })).toBeVisible();
    await expect(page.getByText("This account's plan does not include this feature")).toBeVisible();
    await expect(portal.navLink('Users')).toBeVisible();

    const granted = await request.post(`${entitlements}/entitlements/v1`, {
      headers: await asVendor(request),
      data: { tenantId: tenant.tenantId, featureId: feature.id },
    });
    expect(granted.status(), await granted.text()).toBe(201);
    await page.reload();
    await expect(portal.navLink('Audit logs')).toBeVisible();
    await expect(navigation.getByText('Locked')).toHaveCount(0);
    await expect(page.getByText("This account's plan does not include this feature")).toHaveCount(0);
  } finally {
    await request.put(`${entitlements}/settings/v1`, {
      headers: await asVendor(request),
      data: { enabled: false },
    });
    await request.delete(`${entitlements}/features/v1/${feature.id}`, { headers: await asVendor(request) });
  }
});
