// Issue 4: the Personal API tokens and API tokens sections, and the client-credentials exchange.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';

const API = '/frontegg/identity/resources';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

interface Credentials {
  clientId: string;
  secret: string;
}

const claimsOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    tenantId: string;
    roles: string[];
    type: string;
  };

async function exchange(request: APIRequestContext, credentials: Credentials) {
  return request.post(`${API}/auth/v1/api-token`, { data: credentials });
}

/** Generates a token in the open section; answers what the once-only dialog showed and copied. */
async function generateToken(
  page: Page,
  description: string,
  days: number,
  role?: string,
): Promise<Credentials> {
  await page.getByRole('button', { name: 'Generate token' }).click();
  const form = page.getByRole('dialog', { name: 'Generate API token' });
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Expires after (days)').fill(String(days));
  if (role) {
    await form.getByRole('combobox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: role, exact: true }).click();
    await form.getByLabel('Description').click();
  }
  await form.getByRole('button', { name: 'Generate' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API token' });
  await expect(shown).toBeVisible();
  await expect(shown.getByText('it is shown only once')).toBeVisible();
  const clientId = await shown.getByLabel('Client ID', { exact: true }).inputValue();
  await shown.getByRole('button', { name: 'Copy secret' }).click();
  await expect(shown.getByRole('button', { name: 'Copy secret' })).toHaveText('Copied');
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(await shown.getByLabel('Secret', { exact: true }).inputValue());
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  return { clientId, secret };
}

/** Changes a token's description in the open section: the list shows the new one. */
async function editDescription(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('button', { name: `Edit token ${from}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit API token' });
  await expect(form.getByLabel('Description')).toHaveValue(from);
  await form.getByLabel('Description').fill(to);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('cell', { name: to, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: from, exact: true })).toHaveCount(0);
}

async function deleteToken(page: Page, description: string): Promise<void> {
  await page.getByRole('button', { name: `Delete token ${description}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete API token' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('cell', { name: description, exact: true })).toHaveCount(0);
}

test('the Admin creates personal and tenant tokens, exchanges their secrets, edits their descriptions, then deletes them', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'personal-api-tokens');
  await expect(portal.heading('Personal API tokens')).toBeVisible();
  await expect(page.getByText('No API tokens yet')).toBeVisible();

  const personal = await generateToken(page, 'Deploy script', 7);
  await expect(page.getByRole('cell', { name: 'Deploy script', exact: true })).toBeVisible();
  await expect(page.getByText(personal.secret)).toHaveCount(0);
  const personalAnswer = await exchange(request, personal);
  expect(personalAnswer.status()).toBe(200);
  const personalClaims = claimsOf(((await personalAnswer.json()) as { accessToken: string }).accessToken);
  expect(personalClaims).toMatchObject({ tenantId: tenant.tenantId, type: 'userApiToken' });
  expect(personalClaims.roles).toContain('Admin');
  await editDescription(page, 'Deploy script', 'Deploy script (CI)');
  await deleteToken(page, 'Deploy script (CI)');
  expect((await exchange(request, personal)).status()).toBe(401);

  await portal.goToSection('API tokens');
  const tenantToken = await generateToken(page, 'Reporting', 30, 'Read Only');
  const row = page.getByRole('row').filter({ hasText: 'Reporting' });
  await expect(row.getByText('Read Only')).toBeVisible();
  const tenantAnswer = await exchange(request, tenantToken);
  expect(tenantAnswer.status()).toBe(200);
  const tenantClaims = claimsOf(((await tenantAnswer.json()) as { accessToken: string }).accessToken);
  expect(tenantClaims).toMatchObject({
    tenantId: tenant.tenantId,
    type: 'tenantApiToken',
    roles: ['ReadOnly'],
  });
  // The new description is the server's: it stays after a reload, and the token still works.
  await editDescription(page, 'Reporting', 'Nightly reporting');
  await page.reload();
  await expect(page.getByRole('cell', { name: 'Nightly reporting', exact: true })).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'Nightly reporting' }).getByText('Read Only'),
  ).toBeVisible();
  expect((await exchange(request, tenantToken)).status()).toBe(200);
  await deleteToken(page, 'Nightly reporting');
  expect((await exchange(request, tenantToken)).status()).toBe(401);
});

test('the Read Only administrator sees the tokens but cannot create, edit or delete them', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const created = await request.post(`${API}/tenants/api-tokens/v1`, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
    data: { description: 'Nightly export', roleIds: [], expiresInMinutes: 1440 },
  });
  expect(created.status()).toBe(201);

  const portal = await signInAndOpenSection(page, tenant.readOnly, 'api-tokens');
  await expect(portal.heading('API tokens')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Nightly export', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate token' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete token/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit token/ })).toHaveCount(0);

  await portal.goToSection('Personal API tokens');
  await expect(page.getByText('No API tokens yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate token' })).toHaveCount(0);

  const readOnly = await bearerOf(request, tenant.readOnly);
  const forced = await request.post(`${API}/tenants/api-tokens/v1`, {
    headers: { authorization: readOnly },
    data: { description: 'forced', roleIds: [] },
  });
  expect(forced.status()).toBe(403);
  const { clientId } = (await created.json()) as Credentials;
  const forcedDelete = await request.delete(`${API}/tenants/api-tokens/v1/${clientId}`, {
    headers: { authorization: readOnly },
  });
  expect(forcedDelete.status()).toBe(403);
});
