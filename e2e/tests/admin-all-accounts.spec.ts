// Issue 15: the All accounts section. An account's Admin builds a small hierarchy, opens it level by
// level, manages a sub-account's users and settings, then takes it all down again, children first.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';
import { checkScreen } from '../support/screen-check';

const HIERARCHY = '/frontegg/tenants/resources/hierarchy/v2';

const actionsOf = async (page: Page, account: string, item: string) => {
  await page.getByRole('button', { name: `Actions for ${account}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
};

/** Picks one option of a roles picker (a Mantine MultiSelect), then closes its list. */
const pickRole = async (page: Page, dialog: Locator, role: string) => {
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await dialog.getByRole('heading').first().click();
};

test('the Admin creates a sub-account and its child, manages users, settings and management, then deletes both', async ({
  page,
  request,
}) => {
  // Many steps and two screens checked at two widths with axe.
  test.setTimeout(120_000);
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'all-accounts');
  await expect(portal.heading('All accounts')).toBeVisible();
  await expect(page.getByText('No sub-accounts yet')).toBeVisible();

  // A sub-account of the Admin's own account; an empty name is refused first.
  await page.getByRole('button', { name: 'Create sub-account' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create a sub-account of your account' });
  await create.getByRole('button', { name: 'Create account' }).click();
  await expect(create.getByText('Name is required')).toBeVisible();
  await create.getByLabel('Name').fill('Harbour branch');
  await create.getByRole('button', { name: 'Create account' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText('Harbour branch', { exact: true })).toBeVisible();

  // Its child, shown when the branch is expanded.
  await actionsOf(page, 'Harbour branch', 'Create sub-account');
  const child = page.getByRole('dialog', { name: 'Create a sub-account of Harbour branch' });
  await child.getByLabel('Name').fill('Quay');
  await child.getByRole('button', { name: 'Create account' }).click();
  await expect(child).toBeHidden();
  const expand = page.getByRole('button', { name: 'Sub-accounts of Harbour branch' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expand.click();
  await expect(expand).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Quay', { exact: true })).toBeVisible();
  await checkScreen(page, 'all-accounts-tree');

  // The child's users: one added with a role and access to sub-accounts, its roles edited, removed.
  await actionsOf(page, 'Quay', 'Users');
  const users = page.getByRole('dialog', { name: 'Users of Quay' });
  await expect(users.getByText('No users in this account yet.')).toBeVisible();
  await users.getByRole('button', { name: 'Add users' }).click();
  const add = page.getByRole('dialog', { name: 'Add users to Quay' });
  const email = `quay-${Date.now()}@harbour.test`;
  await add.getByLabel('Emails').fill(email);
  await pickRole(page, add, 'Read Only');
  await add.getByRole('checkbox', { name: 'Allow access to sub-accounts' }).check();
  await add.getByRole('button', { name: 'Add users' }).click();
  await expect(add).toBeHidden();
  const table = users.getByRole('table', { name: 'Users of Quay' });
  const row = table.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Read Only');
  await expect(row).toContainText('Allowed');
  await checkScreen(page, 'all-accounts-users');

  await users.getByRole('button', { name: `Edit roles of ${email}` }).click();
  const roles = page.getByRole('dialog', { name: `Roles of ${email} in Quay` });
  await pickRole(page, roles, 'Admin');
  await roles.getByRole('button', { name: 'Save roles' }).click();
  await expect(roles).toBeHidden();
  await expect(row).toContainText('Admin');

  await users.getByRole('button', { name: `Remove ${email}` }).click();
  const removal = page.getByRole('dialog', { name: 'Remove user' });
  await removal.getByRole('button', { name: 'Remove user' }).click();
  await expect(users.getByText('No users in this account yet.')).toBeVisible();
  await users.getByRole('button', { name: 'Close' }).click();
  await expect(users).toBeHidden();

  // The branch's hierarchy settings and management.
  await actionsOf(page, 'Harbour branch', 'Hierarchy settings');
  const settings = page.getByRole('dialog', { name: 'Hierarchy settings of Harbour branch' });
  await settings.getByRole('radio', { name: /^On by default/ }).check();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toBeHidden();
  const level = await request.get(HIERARCHY, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
  });
  expect(
    ((await level.json()) as { items: Array<{ name: string; subAccountAccessType: string }> }).items,
  ).toEqual([expect.objectContaining({ name: 'Harbour branch', subAccountAccessType: 'defaultOn' })]);

  await actionsOf(page, 'Harbour branch', 'Enable management');
  const manage = page.getByRole('dialog', { name: 'Enable management' });
  await manage.getByRole('button', { name: 'Enable management' }).click();
  await expect(manage).toBeHidden();
  await expect(page.getByText('Manages sub-accounts')).toBeVisible();
  await actionsOf(page, 'Harbour branch', 'Disable management');
  await page
    .getByRole('dialog', { name: 'Disable management' })
    .getByRole('button', { name: 'Disable management' })
    .click();
  await expect(page.getByText('Manages sub-accounts')).toBeHidden();

  // A parent goes only after its children.
  await actionsOf(page, 'Harbour branch', 'Delete');
  const refused = page.getByRole('dialog', { name: 'Delete account' });
  await refused.getByRole('button', { name: 'Delete account' }).click();
  await expect(refused.getByText('This account has sub-accounts: delete them first')).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();

  await actionsOf(page, 'Quay', 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete account' })
    .getByRole('button', { name: 'Delete account' })
    .click();
  await expect(page.getByText('Quay', { exact: true })).toBeHidden();
  await actionsOf(page, 'Harbour branch', 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete account' })
    .getByRole('button', { name: 'Delete account' })
    .click();
  await expect(page.getByText('No sub-accounts yet')).toBeVisible();
});
