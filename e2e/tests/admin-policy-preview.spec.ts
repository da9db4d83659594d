// Issue 14: the policy impact preview. Before a security policy is saved, the Security section shows
// who it would affect; a rule that would shut out the administrator saving it needs their explicit
// confirmation. The demo accounts' tenant is shared by journeys running in parallel: these journeys
// preview and cancel, and never save.
import { expect, test, type Page } from '@playwright/test';
import { AdminPortalPage } from '../pages/admin-portal-page';
import { DEMO_PASSWORD } from '../support/env';
import { checkScreen } from '../support/screen-check';

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
};

const openSecurity = async (page: Page, email: string) => {
  const portal = new AdminPortalPage(page);
  await portal.signInAndOpen(email, DEMO_PASSWORD, 'security');
  await expect(portal.heading('Security')).toBeVisible();
};

test('the demo Admin sees who MFA enforcement and an IP allow list would affect, and cancels', async ({
  page,
}) => {
  // Two dialogs, each checked at two widths (axe included).
  test.setTimeout(180_000);
  await openSecurity(page, 'admin@brizo.test');

  // MFA required for everyone: the members not enrolled are listed before anything is saved.
  const general = await openTab(page, 'General settings');
  const mfa = general.getByRole('combobox', { name: 'Multi-factor authentication' });
  await expect(mfa).toHaveValue('Optional: users choose');
  await mfa.click();
  await page.getByRole('option', { name: 'Required for everyone' }).click();
  await general.getByRole('button', { name: 'Save general settings' }).click();
  const review = page.getByRole('dialog', { name: 'Review the impact before saving' });
  await expect(review.getByTestId('impact-summary')).toHaveText(
    /^\d+ members? (is|are) not enrolled in MFA and will be asked to enrol at their next sign-in$/,
  );
  const members = review
    .getByRole('table', { name: 'Affected members: Multi-factor authentication' })
    .locator('tbody tr');
  await expect(members.first()).toContainText('Not enrolled in MFA');
  await expect(members.first()).toContainText('@');
  await checkScreen(page, 'policy-preview-mfa');
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toBeHidden();
  await expect(general.getByText('Changes saved')).toHaveCount(0);

  // An enforced allow list without this browser's address: the Admin is warned, and the save waits
  // for their explicit confirmation.
  const ip = await openTab(page, 'IP restrictions');
  await ip.getByRole('radio', { name: 'Allow list' }).check({ force: true });
  await ip.getByLabel('Enforce IP restrictions').check({ force: true });
  await ip.getByRole('button', { name: 'Save IP settings' }).click();
  await expect(review.getByText('This affects you')).toBeVisible();
  await expect(review).toContainText(/Your current address \S+ would be refused: saving would sign you out/);
  const save = review.getByRole('button', { name: 'Save IP settings' });
  await expect(save).toBeDisabled();
  await review.getByRole('checkbox', { name: 'I understand this will sign me out' }).check();
  await expect(save).toBeEnabled();
  await checkScreen(page, 'policy-preview-ip-self-lockout');
  // Cancelled: nothing is saved, and the list still is what it was.
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toBeHidden();
  await page.reload();
  const reloaded = await openTab(page, 'IP restrictions');
  await expect(reloaded.getByLabel('Enforce IP restrictions')).not.toBeChecked();
});

test('the Read Only demo administrator cannot save but can preview the impact of the policies as they stand', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSecurity(page, 'readonly@brizo.test');
  const general = await openTab(page, 'General settings');
  await expect(general.getByRole('button', { name: 'Save general settings' })).toBeDisabled();
  await general.getByRole('button', { name: 'Preview impact' }).click();
  const impact = page.getByRole('dialog', { name: 'Impact of these settings' });
  for (const policy of [
    'Multi-factor authentication',
    'User lockout',
    'Password history',
    'Password rotation',
  ])
    await expect(impact.getByRole('region', { name: policy, exact: true })).toBeVisible();
  await expect(
    impact.getByRole('region', { name: 'Multi-factor authentication', exact: true }),
  ).toContainText('MFA stays optional: nobody will be asked to enrol');
  await expect(impact.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await checkScreen(page, 'policy-preview-read-only');
  await impact.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(impact).toBeHidden();

  const ip = await openTab(page, 'IP restrictions');
  await expect(ip.getByRole('button', { name: 'Save IP settings' })).toBeDisabled();
  await ip.getByRole('button', { name: 'Preview impact' }).click();
  await expect(impact.getByRole('region', { name: 'IP restrictions', exact: true })).toContainText(
    'IP restrictions are off: no address is refused',
  );
  await impact.getByRole('button', { name: 'Close', exact: true }).click();
});
