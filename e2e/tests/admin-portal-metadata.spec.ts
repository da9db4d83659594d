import { expect, request as playwrightRequest, test } from '@playwright/test';
import { AdminPortalPage } from '../pages/admin-portal-page';
import { createJourneyTenant } from '../support/admin';
import { DEMO_PASSWORD, E2E_BASE_URL } from '../support/env';
import { forgetSession } from '../support/forget-session';

// The vendor's portal metadata is server-wide: this journey runs in the serialized project
// (playwright.config.ts) and puts the navigation back as it was.

const METADATA = '/frontegg/metadata?entityName=adminBox';

async function setNavigation(navigation: Record<string, { visibility: string }>) {
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const login = await api.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: 'super@brizo.test', password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await api.put(METADATA, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { configuration: { navigation } },
  });
  expect(response.status(), await response.text()).toBe(200);
  await api.dispose();
}

test('a section the vendor hides leaves the navigation, and one set to always shows to every member', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const portal = new AdminPortalPage(page);
  try {
    await setNavigation({ groups: { visibility: 'hidden' }, roles: { visibility: 'always' } });
    await portal.signInAndOpen(tenant.admin.email, tenant.admin.password);
    await expect(portal.navLink('Users')).toBeVisible();
    await expect(portal.navLink('Groups')).toHaveCount(0);
    await page.goto('/admin-portal/groups');
    await expect(portal.noAccess).toBeVisible();

    await forgetSession(page);
    await portal.signInAndOpen(tenant.member.email, tenant.member.password);
    await expect(portal.navLink('Roles')).toBeVisible();
    await expect(portal.navLink('Users')).toHaveCount(0);
  } finally {
    await setNavigation({ groups: { visibility: 'byPermissions' }, roles: { visibility: 'byPermissions' } });
  }
});
