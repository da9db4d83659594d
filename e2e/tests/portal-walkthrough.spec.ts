// The product screens and admin portal defects of the walk-through issue (found as Admin, Read Only,
// superuser and member, at desktop width and 390 px), each on screen where a person met it.
import { request as apiRequest, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fillNewPassword } from '../pages/password-form';
import { LoginPage } from '../pages/login-page';
import { createJourneyTenant, type JourneyPerson } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';
import { DEMO_PASSWORD, E2E_BASE_URL } from '../support/env';
import { forgetSession } from '../support/forget-session';
import { waitForMailLink } from '../support/mailbox';
import {
  expectInsideWindow,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  shoot,
  WIDTHS,
} from '../support/look';

const API = '/frontegg/identity/resources';
const NEW_PASSWORD = 'Fresh-pantry-2026!';
const newEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@walkthrough-foods.test`;

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
};

for (const { label, width, height } of WIDTHS) {
  test(`the stand-in /app fits the window with Logout and the whole email reachable (${label})`, async ({
    page,
    request,
  }) => {
    // A long address, as people have: it must neither push Logout off nor vanish on a phone.
    const tenant = await createJourneyTenant(request, `Walkthrough app ${label}`);
    await page.setViewportSize({ width, height });
    await new LoginPage(page).goto();
    await new LoginPage(page).signIn(tenant.admin.email, tenant.admin.password);
    await page.waitForURL((url) => url.pathname.startsWith('/app'));
    const header = page.getByRole('banner');
    await expectInsideWindow(page, header.getByRole('button', { name: 'Logout' }));
    await expectInsideWindow(page, header.getByRole('link', { name: 'Admin portal' }));
    const email = page.getByTestId('header-email');
    await expect(email).toBeVisible();
    await expect(email).toHaveAttribute('title', tenant.admin.email);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await shoot(page, `app-${label}`);
  });
}

test('a new account saves a changed timezone alone (no currency set)', async ({ page, request }) => {
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.admin, 'account');
  const form = page.getByRole('form', { name: 'Account settings' });
  await expect(form.getByLabel('Currency')).toHaveValue('');
  await form.getByLabel('Timezone').selectOption('Europe/Paris');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Account settings saved');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Account settings' }).getByLabel('Timezone')).toHaveValue(
    'Europe/Paris',
  );
  for (const { label, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await shoot(page, `account-settings-${label}`);
  }
});

test('an invitation is confirmed on screen; an invitee with only the Admin role lands on the application, not review', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.admin, 'users');
  const email = newEmail('admin-invitee');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  // Close the role list (it covers the button), then send.
  await dialog.getByLabel('Name').click();
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'users-invited');

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(await waitForMailLink(request, email, '/account/activate'));
  await fillNewPassword(invitee, NEW_PASSWORD);
  await invitee.waitForURL((url) => !url.pathname.startsWith('/account/'), { timeout: 30_000 });
  await expect(invitee).toHaveURL(/\/app$/);
  await expect(invitee.getByText('Application under review')).toHaveCount(0);
  await context.close();
});

async function addMembers(request: APIRequestContext, admin: JourneyPerson, count: number) {
  const authorization = await bearerOf(request, admin);
  for (let index = 0; index < count; index += 1) {
    const response = await request.post(`${API}/users/v1`, {
      headers: { authorization },
      data: { email: newEmail(`paged-${index}`), name: `Paged ${String(index).padStart(2, '0')}` },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
  }
}

test('sorting the users starts again at page 1', async ({ page, request }) => {
  const tenant = await createJourneyTenant(request);
  await addMembers(request, tenant.admin, 9);
  await signInAndOpenSection(page, tenant.admin, 'users');
  await page.getByRole('combobox', { name: 'Per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByRole('table', { name: 'Users' }).getByRole('button', { name: /^User/ }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  for (const { label, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expectNoAxeViolations(page);
    await shoot(page, `users-sorted-${label}`);
  }
});

test('the IP restrictions tab shows the administrator their current address', async ({ page, request }) => {
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.admin, 'security');
  const tab = await openTab(page, 'IP restrictions');
  await expect(tab.getByTestId('current-ip')).toHaveText(/^Your current IP address: [0-9a-f.:]+$/);
  await tab.getByRole('button', { name: 'Test my IP' }).click();
  await expect(tab.getByRole('status')).toHaveText(/^Your current IP address [0-9a-f.:]+ is allowed\.$/);
  for (const { label, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expectNoAxeViolations(page);
    await shoot(page, `ip-tab-${label}`);
  }
});

test('each permission says what it lets a person do', async ({ page, request }) => {
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.readOnly, 'roles');
  const tab = await openTab(page, 'Permissions');
  const row = tab.getByRole('row', { name: /Account hierarchy read sub account/ });
  await expect(row).toContainText("See the account's sub-accounts");
  await expectNoAxeViolations(page);
});

test('the active sessions are paged by ten', async ({ page, request }) => {
  const tenant = await createJourneyTenant(request);
  // Eleven sign-ins from other browsers (each its own cookie jar), then this browser's.
  for (let index = 0; index < 11; index += 1) {
    const elsewhere = await apiRequest.newContext({ baseURL: E2E_BASE_URL });
    await bearerOf(elsewhere, tenant.member);
    await elsewhere.dispose();
  }
  await signInAndOpenSection(page, tenant.member, 'privacy');
  const card = page.getByRole('region', { name: 'Active sessions', exact: true });
  await expect(card.getByTestId('session-row')).toHaveCount(10);
  await expect(card).toContainText('12 sessions · page 1 of 2');
  await expect(card.getByTestId('session-row').first()).toContainText('This device');
  await card
    .getByRole('navigation', { name: 'Active sessions pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(card.getByTestId('session-row')).toHaveCount(2);
  for (const { label, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await shoot(page, `sessions-${label}`);
  }
});

test('the captcha policy: a superuser edits it with validation; Admin and Read Only see it disabled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The policy covers every account, so this only saves it turned off (journeys beside it sign in).
  const portal = await signInAndOpenSection(
    page,
    { id: '', email: 'super@brizo.test', password: DEMO_PASSWORD },
    'security',
  );
  await expect(portal.heading('Security')).toBeVisible();
  const general = await openTab(page, 'General settings');
  const captcha = general.getByRole('region', { name: 'Captcha' });
  await captcha.getByRole('switch', { name: 'Captcha on sign-in and sign-up' }).click();
  await captcha.getByRole('button', { name: 'Save captcha policy' }).click();
  await expect(captcha.getByText('Site key is required')).toBeVisible();
  await expect(captcha.getByText('Secret key is required')).toBeVisible();
  // Error text shown: its colour must pass too.
  await expectNoAxeViolations(page);
  await shoot(page, 'captcha-errors');
  await captcha.getByRole('switch', { name: 'Captcha on sign-in and sign-up' }).click();
  await captcha.getByLabel('Minimum score').fill('0.6');
  await captcha.getByRole('button', { name: 'Save captcha policy' }).click();
  await expect(captcha.getByRole('status')).toHaveText('Changes saved');
  await page.reload();
  const reloaded = (await openTab(page, 'General settings')).getByRole('region', { name: 'Captcha' });
  await expect(reloaded.getByLabel('Minimum score')).toHaveValue('0.6');

  const tenant = await createJourneyTenant(request);
  for (const person of [tenant.admin, tenant.readOnly]) {
    await forgetSession(page);
    await signInAndOpenSection(page, person, 'security');
    const box = (await openTab(page, 'General settings')).getByRole('region', { name: 'Captcha' });
    await expect(box.getByRole('switch', { name: 'Captcha on sign-in and sign-up' })).toBeDisabled();
    await expect(box.getByRole('textbox', { name: 'Site key' })).toBeDisabled();
    await expect(box.getByRole('button', { name: 'Save captcha policy' })).toBeDisabled();
    await expect(box).toContainText('only a superuser can change it');
  }
  for (const { label, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expectNoAxeViolations(page);
    await shoot(page, `captcha-readonly-${label}`);
  }
});

test('preview mode shows a team of 2 pages of 10 and no other company in the header', async ({ page }) => {
  await page.route('**/app-config.js', async (route) => {
    const response = await route.fetch();
    const script = (await response.text()).replace(
      'window.__BRIZO_CONFIG__ = {',
      'window.__BRIZO_CONFIG__ = {"previewMode":true,',
    );
    await route.fulfill({ response, body: script });
  });
  await page.goto('/admin-portal/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(page.getByText('20 users')).toBeVisible();
  await page.getByRole('combobox', { name: 'Per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Brizo demo account');
  await expect(page.getByRole('banner')).not.toContainText(/frontegg/i);
  await page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);
  for (const { label, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expectNoAxeViolations(page);
    await shoot(page, `preview-users-${label}`);
  }
});
