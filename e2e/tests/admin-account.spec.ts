// Issue 4: the Account settings section (tabs settings and customLogin).
import { expect, test } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';

const SETTINGS = '/frontegg/tenants/resources/account-settings/v1';
// A 1×1 PNG: the logo travels as a data:image/png;base64 URL.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// The custom login box's primary colour, and the product's own (brand green, shade 7).
const PURPLE = '#7048e8';
const PURPLE_RGB = 'rgb(112, 72, 232)';
const BRAND_RGB = 'rgb(31, 122, 77)';

test('the Admin changes the account settings and the custom login box, and sees them kept', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'account');
  await expect(portal.heading('Account settings')).toBeVisible();

  const form = page.getByRole('form', { name: 'Account settings' });
  await expect(form.getByLabel('Account name')).toHaveValue(tenant.name);
  await form.getByLabel('Address').fill('1 Market Street, Springfield');
  await form.getByLabel('Website').fill('https://acme-foods.test');
  await form.getByLabel('Timezone').selectOption('Europe/Paris');
  await form.getByLabel('Currency').selectOption('EUR');
  await form.getByLabel('Date format').selectOption('DD/MM/YYYY');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Account settings saved')).toBeVisible();

  // Saving the same values again changes nothing (SPEC section 5).
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('No changes to update');

  await page.reload();
  await expect(form.getByLabel('Address')).toHaveValue('1 Market Street, Springfield');
  await expect(form.getByLabel('Timezone')).toHaveValue('Europe/Paris');
  await expect(form.getByLabel('Currency')).toHaveValue('EUR');
  await expect(form.getByRole('img', { name: 'Logo preview' })).toBeVisible();

  await page.getByRole('tab', { name: 'Custom login' }).click();
  const login = page.getByRole('form', { name: 'Custom login' });
  await expect(login.getByRole('link', { name: new RegExp(`tenantId=${tenant.tenantId}`) })).toBeVisible();
  // Below the form is the product's own placement, and the default.
  await expect(login.getByLabel('Social login buttons')).toHaveValue('bottom');
  await login.getByLabel('Social login buttons').selectOption('top');
  await login.getByRole('button', { name: 'Save login box' }).click();
  await expect(login.getByText('Login box saved')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Custom login' }).click();
  await expect(
    page.getByRole('form', { name: 'Custom login' }).getByLabel('Social login buttons'),
  ).toHaveValue('top');
});

test("the account's login address opens the login box with the account's logo and colour; the default one is unchanged", async ({
  page,
  browser,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.admin, 'account');
  await page.getByRole('tab', { name: 'Custom login' }).click();
  const form = page.getByRole('form', { name: 'Custom login' });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Login box logo preview' })).toBeVisible();
  const colour = form.getByLabel('Primary colour');
  await colour.click();
  await colour.fill(PURPLE);
  // The colour picker opens beside the field: the save button stays reachable while it is open.
  const picker = page.getByRole('slider');
  await expect(picker.first()).toBeVisible();
  await form.getByRole('button', { name: 'Save login box' }).click({ trial: true });
  await colour.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(colour).toHaveValue(PURPLE);
  await form.getByRole('button', { name: 'Save login box' }).click();
  await expect(form.getByText('Login box saved')).toBeVisible();
  const loginUrl = await form.getByRole('link', { name: /tenantId=/ }).getAttribute('href');
  expect(loginUrl).toContain(`tenantId=${tenant.tenantId}`);

  // A visitor who is not signed in: a fresh browser context.
  const visitor = await browser.newContext();
  try {
    const login = await visitor.newPage();
    await login.goto(loginUrl ?? '');
    await expect(login.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    const logo = login.getByRole('img', { name: 'Company logo' });
    await expect(logo).toHaveAttribute('src', `data:image/png;base64,${PNG.toString('base64')}`);
    await expect(login.getByRole('img', { name: 'Brizo FoodMetrics' })).toHaveCount(0);
    await expect(login.getByRole('button', { name: 'Continue' })).toHaveCSS('background-color', PURPLE_RGB);

    // The sign-in button of the password step too, and the sign-in works as ever.
    await login.getByLabel('Email').fill(tenant.member.email);
    await login.getByRole('button', { name: 'Continue' }).click();
    const signIn = login.getByRole('button', { name: /sign in/i });
    await expect(signIn).toHaveCSS('background-color', PURPLE_RGB);
    // White text on the dark purple (the colour is worked out in oklch, black on a light one).
    await expect(signIn).toHaveCSS('color', 'oklch(1 0 0)');
    await expect(logo).toBeVisible();

    // The product's own login box, without a tenantId, keeps the product's look.
    const plain = await visitor.newPage();
    await plain.goto('/account/login');
    await expect(plain.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(plain.getByRole('img', { name: 'Brizo FoodMetrics' })).toBeVisible();
    await expect(plain.getByRole('img', { name: 'Company logo' })).toHaveCount(0);
    await expect(plain.getByRole('button', { name: 'Continue' })).toHaveCSS('background-color', BRAND_RGB);
  } finally {
    await visitor.close();
  }
});

test('the Read Only administrator sees the settings, cannot change them, and a forced call is refused', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const admin = await bearerOf(request, tenant.admin);
  const set = await request.put(SETTINGS, {
    headers: { authorization: admin },
    data: { address: '9 Harbour Road', currency: 'GBP' },
  });
  expect(set.status()).toBe(200);

  await signInAndOpenSection(page, tenant.readOnly, 'account');
  const form = page.getByRole('form', { name: 'Account settings' });
  await expect(form.getByLabel('Address')).toHaveValue('9 Harbour Road');
  await expect(form.getByLabel('Address')).toHaveAttribute('readonly', '');
  await expect(form.getByLabel('Currency')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Upload logo/ })).toBeDisabled();
  await page.getByRole('tab', { name: 'Custom login' }).click();
  await expect(
    page.getByRole('form', { name: 'Custom login' }).getByLabel('Social login buttons'),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save login box' })).toHaveCount(0);

  const forced = await request.put(SETTINGS, {
    headers: { authorization: await bearerOf(request, tenant.readOnly) },
    data: { address: 'Taken over' },
  });
  expect(forced.status()).toBe(403);
  const after = await request.get(SETTINGS, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
  });
  expect(((await after.json()) as { address: string }).address).toBe('9 Harbour Road');
});
