// Issue 4: the Groups section; a group's role reaches its members' access tokens.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createJourneyTenant, type JourneyPerson } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';

const GROUPS = '/frontegg/identity/resources/groups/v1';

const accessTokenOf = async (request: APIRequestContext, person: JourneyPerson) =>
  (await bearerOf(request, person)).slice('Bearer '.length);
const rolesIn = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { roles: string[] })
    .roles;

test("the Admin creates a group, gives it a role and a member, and the member's token carries the role", async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  expect(rolesIn(await accessTokenOf(request, tenant.member))).not.toContain('ReadOnly');
  const portal = await signInAndOpenSection(page, tenant.admin, 'groups');
  await expect(portal.heading('Groups')).toBeVisible();
  await expect(page.getByText('No groups yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create group' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create group' });
  await create.getByLabel('Name').fill('Menu analysts');
  await create.getByLabel('Description').fill('Reads the account');
  await create.getByRole('button', { name: 'Create group' }).click();
  await expect(create).toBeHidden();
  const table = page.getByRole('table', { name: 'Groups' });
  await expect(table.getByRole('cell', { name: 'Menu analysts', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Roles and members of Menu analysts' }).click();
  const manage = page.getByRole('dialog', { name: 'Group Menu analysts' });
  await manage.getByLabel('Role to add').selectOption({ label: 'Read Only' });
  await manage.getByRole('button', { name: 'Add role' }).click();
  await expect(manage.getByRole('list', { name: 'Roles of the group' })).toContainText('Read Only');
  await manage.getByLabel('Member to add').selectOption({ label: tenant.member.email });
  await manage.getByRole('button', { name: 'Add member' }).click();
  await expect(manage.getByRole('list', { name: 'Members of the group' })).toContainText(tenant.member.email);
  await manage.getByRole('button', { name: 'Close' }).click();

  const row = table.getByRole('row', { name: /Menu analysts/ });
  await expect(row).toContainText('Read Only');
  expect(rolesIn(await accessTokenOf(request, tenant.member))).toContain('ReadOnly');

  await page.getByRole('button', { name: 'Edit Menu analysts' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit group Menu analysts' });
  await edit.getByLabel('Name').fill('Senior analysts');
  await edit.getByRole('button', { name: 'Save group' }).click();
  await expect(table.getByRole('cell', { name: 'Senior analysts', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Senior analysts' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete group' });
  await confirm.getByRole('button', { name: 'Delete group' }).click();
  await expect(page.getByText('No groups yet')).toBeVisible();
  expect(rolesIn(await accessTokenOf(request, tenant.member))).not.toContain('ReadOnly');
});

test('the Read Only administrator sees the groups, cannot change them, and a forced call is refused', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const admin = { authorization: `Bearer ${await accessTokenOf(request, tenant.admin)}` };
  const created = await request.post(GROUPS, { headers: admin, data: { name: 'Buyers', color: '#1971c2' } });
  expect(created.status()).toBe(201);
  const groupId = ((await created.json()) as { id: string }).id;

  await signInAndOpenSection(page, tenant.readOnly, 'groups');
  await expect(
    page.getByRole('table', { name: 'Groups' }).getByRole('cell', { name: 'Buyers', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create group' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Buyers' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Buyers' })).toHaveCount(0);
  // The groups settings: shown, not changeable.
  await expect(page.getByRole('switch', { name: /^Groups / })).toBeChecked();
  await expect(page.getByRole('switch', { name: /^Groups / })).toBeDisabled();
  await expect(page.getByRole('switch', { name: /^Roles on groups / })).toBeDisabled();
  await page.getByRole('button', { name: 'Roles and members of Buyers' }).click();
  const manage = page.getByRole('dialog', { name: 'Group Buyers' });
  await expect(manage.getByText('No members yet.')).toBeVisible();
  await expect(manage.getByRole('button', { name: 'Add role' })).toHaveCount(0);
  await expect(manage.getByRole('button', { name: 'Add member' })).toHaveCount(0);

  const readOnly = { authorization: `Bearer ${await accessTokenOf(request, tenant.readOnly)}` };
  expect((await request.post(GROUPS, { headers: readOnly, data: { name: 'Mine' } })).status()).toBe(403);
  expect((await request.delete(`${GROUPS}/${groupId}`, { headers: readOnly })).status()).toBe(403);
  expect(
    (await request.post(`${GROUPS}/config`, { headers: readOnly, data: { enabled: false } })).status(),
  ).toBe(403);
  const groups = await request.get(GROUPS, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
  });
  expect(
    ((await groups.json()) as { groups: Array<{ name: string }> }).groups.map((group) => group.name),
  ).toEqual(['Buyers']);
});

test("the Admin turns groups, then roles on groups, off and on again, and the member's token follows", async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const admin = { authorization: await bearerOf(request, tenant.admin) };
  const roles = (await (
    await request.get('/frontegg/identity/resources/roles/v1', { headers: admin })
  ).json()) as Array<{ id: string; key: string }>;
  const readOnlyRole = roles.find((role) => role.key === 'ReadOnly')?.id ?? '';
  const created = await request.post(GROUPS, { headers: admin, data: { name: 'Readers' } });
  expect(created.status()).toBe(201);
  const groupId = ((await created.json()) as { id: string }).id;
  for (const [relation, data] of [
    ['roles', { roleIds: [readOnlyRole] }],
    ['users', { userIds: [tenant.member.id] }],
  ] as const) {
    expect((await request.post(`${GROUPS}/${groupId}/${relation}`, { headers: admin, data })).status()).toBe(
      200,
    );
  }
  expect(rolesIn(await accessTokenOf(request, tenant.member))).toContain('ReadOnly');

  await signInAndOpenSection(page, tenant.admin, 'groups');
  // A switch's accessible name is its label followed by its description.
  const groupsSwitch = page.getByRole('switch', { name: /^Groups / });
  const rolesSwitch = page.getByRole('switch', { name: /^Roles on groups / });
  await expect(groupsSwitch).toBeChecked();
  await expect(page.getByRole('button', { name: 'Create group' })).toBeVisible();

  await groupsSwitch.click();
  await expect(page.getByText('Groups are turned off')).toBeVisible();
  await expect(groupsSwitch).not.toBeChecked();
  await expect(groupsSwitch).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Create group' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Readers' })).toHaveCount(0);
  expect(rolesIn(await accessTokenOf(request, tenant.member))).not.toContain('ReadOnly');

  await groupsSwitch.click();
  await expect(page.getByText('Groups are turned off')).toBeHidden();
  await expect(groupsSwitch).toBeChecked();
  await expect(page.getByRole('button', { name: 'Create group' })).toBeVisible();
  expect(rolesIn(await accessTokenOf(request, tenant.member))).toContain('ReadOnly');

  await rolesSwitch.click();
  await expect(page.getByText('Roles on groups are turned off')).toBeVisible();
  await expect(rolesSwitch).toBeEnabled();
  expect(rolesIn(await accessTokenOf(request, tenant.member))).not.toContain('ReadOnly');
  await page.getByRole('button', { name: 'Roles and members of Readers' }).click();
  const manage = page.getByRole('dialog', { name: 'Group Readers' });
  await expect(manage.getByRole('list', { name: 'Members of the group' })).toContainText(tenant.member.email);
  await expect(manage.getByRole('button', { name: 'Add member' })).toBeVisible();
  await expect(manage.getByRole('button', { name: 'Add role' })).toHaveCount(0);
  await manage.getByRole('button', { name: 'Close' }).click();

  await rolesSwitch.click();
  await expect(page.getByText('Roles on groups are turned off')).toBeHidden();
  await expect(rolesSwitch).toBeChecked();
  await expect(rolesSwitch).toBeEnabled();
  expect(rolesIn(await accessTokenOf(request, tenant.member))).toContain('ReadOnly');
  const restored = await request.get(`${GROUPS}/config`, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
  });
  expect(await restored.json()).toEqual({ enabled: true, rolesEnabled: true });
});
