import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { fillNewPassword } from '../pages/password-form';
import { DEMO_PASSWORD } from '../support/env';
import { NEW_PASSWORD } from '../support/identities';
import { bearerOf, createActiveUser, setSecurityPolicy } from '../support/lifecycle';
import { waitForMailLink } from '../support/mailbox';
import { waitForSmsCode } from '../support/sms';

// The recovery strategies are vendor-wide: these journeys change them, so they run in order.
test.describe.configure({ mode: 'serial' });

async function setRecovery(request: APIRequestContext, email: boolean, sms: boolean) {
  const vendor = await bearerOf(request, 'super@brizo.test', DEMO_PASSWORD);
  await setSecurityPolicy(request, vendor, 'password-recovery/strategies', [
    { strategy: 'email', isActive: email },
    { strategy: 'sms', isActive: sms },
  ]);
}

test.afterAll(async ({ request }) => {
  await setRecovery(request, true, false);
});

test('email and SMS recovery show the selector; the texted code leads to a new password', async ({
  page,
  request,
}) => {
  const phoneNumber = `+1555${randomInt(1_000_000, 9_999_999)}`;
  const { email } = await createActiveUser(request, 'recover-sms', NEW_PASSWORD, { phoneNumber });
  await setRecovery(request, true, true);

  await page.goto('/account/forget-password');
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('How would you like to reset your password?')).toBeVisible();
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  const code = await waitForSmsCode(request, phoneNumber);
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  const changed = 'Texted-menu-2027!';
  await fillNewPassword(page, changed);
  await expect(page.getByText(/Password changed successfully/)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 15_000 });
  await new LoginPage(page).signIn(email, changed);
  await expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });
});

test('the selector can still send the email', async ({ page, request }) => {
  const { email } = await createActiveUser(request, 'recover-choose-email', NEW_PASSWORD);
  await setRecovery(request, true, true);
  await page.goto('/account/forget-password');
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText('Email sent')).toBeVisible();
  expect(await waitForMailLink(request, email, '/account/reset-password')).toContain('token=');
});

test('with no active recovery method the page says so', async ({ page, request }) => {
  await setRecovery(request, false, false);
  await page.goto('/account/forget-password');
  await page.getByLabel(/email/i).fill('anyone@foodco.example');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toContainText('No active password recovery methods found.');
});
