import { expect, test } from '@playwright/test';
import { AdminPortalPage } from '../pages/admin-portal-page';
import { LoginPage } from '../pages/login-page';
import { createJourneyTenant } from '../support/admin';

// The portal itself (issue 4): how it opens, and which sections each kind of user sees. The
// sections' own journeys are in admin-<section>.spec.ts.

const ADMIN_SECTIONS = ['Profile', 'Privacy', 'Users', 'Groups', 'Roles', 'Security'];

test('the main application opens the portal; an Admin sees every section of this issue', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(tenant.admin.email, tenant.admin.password);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await page.getByRole('banner').getByRole('link', { name: 'Admin portal' }).click();

  const portal = new AdminPortalPage(page);
  await expect(portal.navigation).toBeVisible();
  // /admin-portal opens the first section of the navigation.
  await expect(page).toHaveURL(/\/admin-portal\/profile$/);
  for (const label of ADMIN_SECTIONS) await expect(portal.navLink(label)).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(tenant.name);
});

test('a Read Only administrator sees the sections by their read permissions', async ({ page, request }) => {
  const tenant = await createJourneyTenant(request);
  const portal = new AdminPortalPage(page);
  await portal.signInAndOpen(tenant.readOnly.email, tenant.readOnly.password);
  for (const label of ADMIN_SECTIONS) await expect(portal.navLink(label)).toBeVisible();
});

test('a member without admin roles sees only the personal sections, and no others by address', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const portal = new AdminPortalPage(page);
  await portal.signInAndOpen(tenant.member.email, tenant.member.password);
  await expect(portal.navLink('Profile')).toBeVisible();
  await expect(portal.navLink('Privacy')).toBeVisible();
  for (const label of ['Users', 'Groups', 'Roles', 'Security', 'API tokens']) {
    await expect(portal.navLink(label)).toHaveCount(0);
  }
  await page.goto('/admin-portal/users');
  await expect(portal.noAccess).toBeVisible();
});

test('/oauth/portal on the identity origin leads to the portal', async ({ page, request }) => {
  const tenant = await createJourneyTenant(request);
  const portal = new AdminPortalPage(page);
  await portal.signInAndOpen(tenant.admin.email, tenant.admin.password);
  await page.goto('/oauth/portal');
  await expect(page).toHaveURL(/\/admin-portal\/profile$/);
  await expect(portal.navigation).toBeVisible();
});

test('an anonymous visitor is sent to sign in', async ({ page }) => {
  await page.goto('/admin-portal/users');
  await expect(page).toHaveURL(/\/account\/login/);
});

test('preview mode renders the portal on the SDK mock data without calling the server for data', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/frontegg/')) apiCalls.push(pathname);
  });
  // The server's runtime configuration, with previewMode on (as PREVIEW_MODE=true would serve it).
  await page.route('**/app-config.js', async (route) => {
    const response = await route.fetch();
    const script = (await response.text()).replace(
      'window.__BRIZO_CONFIG__ = {',
      'window.__BRIZO_CONFIG__ = {"previewMode":true,',
    );
    await route.fulfill({ response, body: script });
  });
  await page.goto('/admin-portal');
  const portal = new AdminPortalPage(page);
  await expect(portal.navigation).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Preview');
  // The mock user holds fe.*: every section of this issue is there, rendered from mock data.
  for (const label of ADMIN_SECTIONS) await expect(portal.navLink(label)).toBeVisible();
  await portal.goToSection('Users');
  await portal.goToSection('Roles');
  expect(apiCalls).toEqual([]);
});
