import { expect, test, type Page } from '@playwright/test';
import { createJourneyTenant, type JourneyPerson } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';
import { E2E_BASE_URL } from '../support/env';
import { NEW_PASSWORD } from '../support/identities';
import { typeCode, waitForMfaMail } from '../support/mfa';

// Issue 4, the Privacy section: second factors, active sessions, passkeys and the password.

async function openPrivacy(page: Page, person: JourneyPerson) {
  const portal = await signInAndOpenSection(page, person, 'privacy');
  await expect(portal.heading('Privacy')).toBeVisible();
  return portal;
}

test('revoking another session from the first browser signs the other out at its next refresh', async ({
  browser,
  request,
}) => {
  // Two sign-ins, then waiting out a token lifetime on each side.
  test.setTimeout(120_000);
  const tenant = await createJourneyTenant(request);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const firstPage = await first.newPage();
    const secondPage = await second.newPage();
    await signInAndOpenSection(secondPage, tenant.admin, 'profile');
    const portal = await openPrivacy(firstPage, tenant.admin);

    const rows = firstPage.getByRole('table', { name: 'Active sessions' }).getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    const other = rows.filter({ hasNotText: 'This device' });
    await other.getByRole('button', { name: /^Sign out/ }).click();
    await firstPage.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(rows).toHaveCount(1);

    // Access tokens live 8 s in journeys: the other browser's next renewal is refused.
    await expect(secondPage).toHaveURL(/\/account\/login/, { timeout: 30_000 });
    // The first browser stays signed in past its own renewal.
    await firstPage.waitForTimeout(10_000);
    await firstPage.reload();
    await expect(portal.heading('Privacy')).toBeVisible();
  } finally {
    await first.close();
    await second.close();
  }
});

test('"Sign out all other sessions" keeps only this one', async ({ browser, playwright, request }) => {
  const tenant = await createJourneyTenant(request);
  // Two other devices: each its own cookie jar (a sign-in from a browser that holds a session ends that
  // session, issue 10, so one jar would leave one session, not two).
  for (let index = 0; index < 2; index += 1) {
    const device = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    try {
      const signedIn = await device.post('/frontegg/identity/resources/auth/v1/user', {
        data: { email: tenant.member.email, password: tenant.member.password },
      });
      expect(signedIn.status()).toBe(200);
    } finally {
      await device.dispose();
    }
  }
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await openPrivacy(page, tenant.member);
    const rows = page.getByRole('table', { name: 'Active sessions' }).getByTestId('session-row');
    await expect(rows).toHaveCount(3);
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('This device');
  } finally {
    await context.close();
  }
});

test('the Read Only administrator turns email codes on and off and sees one method counted', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  await openPrivacy(page, tenant.readOnly);
  await expect(page.getByTestId('mfa-count')).toHaveText('0 of 4 methods on');
  await expect(page.getByText('No passkeys')).toBeVisible();

  let after = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: 'Set up' }).nth(2).click();
  await expect(page.getByRole('dialog', { name: 'Set up email codes' })).toBeVisible();
  await typeCode(page, await waitForMfaMail(request, tenant.readOnly.email, after));
  await expect(page.getByTestId('mfa-recovery-code')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('mfa-count')).toHaveText('1 of 4 methods on');

  after = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove email codes' })).toBeVisible();
  await typeCode(page, await waitForMfaMail(request, tenant.readOnly.email, after));
  await expect(page.getByTestId('mfa-count')).toHaveText('0 of 4 methods on');
});

test('a member changes their password with the current one and signs in with the new one', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const portal = await openPrivacy(page, tenant.member);
  await expect(portal.navLink('Privacy')).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password is required').first()).toBeVisible();
  await page.getByLabel('Current password').fill(tenant.member.password);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();
  const login = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: tenant.member.email, password: NEW_PASSWORD },
  });
  expect(login.status()).toBe(200);
});
