// Walk-through defect: the feature flags were served but the web app read none ('temporary-users' off
// still offered "Temporary user"). Flags are server-wide, so this runs with the server-wide journeys.
import { expect, test } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';
import { setFeatureFlag } from '../support/lifecycle';
import { expectNoAxeViolations, shoot, WIDTHS } from '../support/look';

test.describe.configure({ mode: 'serial' });

const FLAGS = ['temporary-users', 'admin_portal_ip_restrictions', 'admin_portal_domain_restrictions'];

test.afterEach(async ({ request }) => {
  for (const flag of FLAGS) await setFeatureFlag(request, flag, null);
});

test('flags on (their default): the invite offers a temporary user and Security has both restriction tabs', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.admin, 'users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Invite user' }).getByRole('switch', { name: /^Temporary user/ }),
  ).toBeVisible();
  await page.goto('/admin-portal/security');
  await expect(page.getByRole('tab', { name: 'IP restrictions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Domain restrictions' })).toBeVisible();
});

for (const { label, width, height } of WIDTHS) {
  test(`flags off: no temporary user in the invite, no restriction tabs (${label})`, async ({
    page,
    request,
  }) => {
    for (const flag of FLAGS) await setFeatureFlag(request, flag, 'off');
    const tenant = await createJourneyTenant(request);
    await page.setViewportSize({ width, height });
    await signInAndOpenSection(page, tenant.admin, 'users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await expect(dialog.getByRole('switch', { name: /^Temporary user/ })).toHaveCount(0);
    await shoot(page, `invite-no-temporary-${label}`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expectNoAxeViolations(page);
    await page.goto('/admin-portal/security');
    await expect(page.getByRole('tab', { name: 'Session management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'IP restrictions' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Domain restrictions' })).toHaveCount(0);
  });
}
