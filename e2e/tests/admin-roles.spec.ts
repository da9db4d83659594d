// Issue 4: the Roles section (roles, permissions, default role; the vendor's roles read-only).
import { expect, test } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';

const ROLES = '/frontegg/identity/resources/roles/v1';

test('the Admin creates a role with permissions, makes it the default, assigns a permission, then deletes it', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'roles');
  await expect(portal.heading('Roles')).toBeVisible();
  const table = page.getByRole('table', { name: 'Roles' });
  await expect(page.getByTestId('role-Admin')).toContainText('Vendor role');
  await expect(page.getByRole('button', { name: 'Edit Admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Create role' }).click();
  const create = page.getByRole('dialog', { name: 'Create role' });
  await create.getByLabel('Name').fill('Menu analyst');
  await expect(create.getByLabel('Key')).toHaveValue('menu-analyst');
  await create.getByRole('checkbox', { name: 'Secure read users' }).check();
  await create.getByRole('button', { name: 'Create role' }).click();
  await expect(create).toBeHidden();
  const row = page.getByTestId('role-menu-analyst');
  await expect(row).toContainText('Menu analyst');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');

  await page.getByRole('button', { name: 'Edit Menu analyst' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit role Menu analyst' });
  await edit.getByRole('checkbox', { name: 'Default role (new members get it)' }).check();
  await edit.getByRole('button', { name: 'Save role' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Default');

  await page.getByRole('tab', { name: 'Permissions' }).click();
  await page.getByRole('button', { name: 'Assign Secure read groups to roles' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Secure read groups to roles' });
  await assign.getByRole('checkbox', { name: 'Menu analyst' }).check();
  await assign.getByRole('button', { name: 'Save' }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByRole('row', { name: /Secure read groups/ })).toContainText('Menu analyst');

  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await page.getByRole('button', { name: 'Delete Menu analyst' }).click();
  await page
    .getByRole('dialog', { name: 'Delete role' })
    .getByRole('button', { name: 'Delete role' })
    .click();
  await expect(page.getByTestId('role-menu-analyst')).toHaveCount(0);
  await expect(table).toBeVisible();
});

test('the Read Only administrator sees the roles, cannot change them, and a forced call is refused', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const admin = await bearerOf(request, tenant.admin);
  expect(
    (
      await request.post(ROLES, { headers: { authorization: admin }, data: { key: 'buyer', name: 'Buyer' } })
    ).status(),
  ).toBe(201);

  await signInAndOpenSection(page, tenant.readOnly, 'roles');
  await expect(page.getByTestId('role-buyer')).toContainText('Buyer');
  await expect(page.getByRole('button', { name: 'Create role' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Buyer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Buyer' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByRole('row', { name: /Secure read users/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Assign / })).toHaveCount(0);

  const readOnly = await bearerOf(request, tenant.readOnly);
  expect(
    (await request.post(ROLES, { headers: { authorization: readOnly }, data: { name: 'Mine' } })).status(),
  ).toBe(403);
  const roles = (await (
    await request.get(ROLES, { headers: { authorization: await bearerOf(request, tenant.admin) } })
  ).json()) as Array<{
    key: string;
  }>;
  expect(roles.map((role) => role.key)).not.toContain('mine');
});
