// Issue 15: the portal obeys the feature flags the server serves (SPEC section 9). The flags are
// server-wide, so this runs with the server-wide journeys (playwright.config.ts) and restores them.
import { expect, test } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';
import { setFeatureFlag } from '../support/lifecycle';

test.describe.configure({ mode: 'serial' });

const FLAGS = ['temporary-users', 'groups-admin-box-new'];

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
