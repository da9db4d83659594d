import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PasswordlessPage } from '../pages/passwordless-page';
import { AuthStrategyAdmin, setPhoneNumber } from '../support/auth-strategy';
import { NEW_PASSWORD } from '../support/identities';
import { createActiveUser } from '../support/lifecycle';
import { waitForMailedCode } from '../support/mail-code';
import type { MailMessage } from '../support/mailbox';
import { waitForSmsCode } from '../support/sms';

// Issue 3, SPEC section 4 "Phone reset": a user who signs in by SMS lost their phone. The email
// proves who they are, the new number is proven by the SMS sign-in that follows. The vendor's
// strategy is switched to SmsCode: this journey runs with the server-wide ones (playwright.config.ts).
test.describe.configure({ mode: 'serial' });

let admin: AuthStrategyAdmin;
test.beforeEach(async () => {
  admin = await AuthStrategyAdmin.signIn();
});
test.afterEach(async () => {
  await admin.dispose();
});

test('lost phone: the emailed code, then the new number proven by the SMS sign-in', async ({
  page,
  request,
}) => {
  const { email } = await createActiveUser(request, 'lostphone', NEW_PASSWORD);
  const suffix = String(Date.now()).slice(-4);
  const oldPhone = `+1 555 011 ${suffix}`;
  const newPhone = `+44 20 7946 ${suffix}`;
  const newPhoneCompact = `+44207946${suffix}`;
  await setPhoneNumber(request, email, oldPhone);
  await admin.use('SmsCode');

  const login = new PasswordlessPage(page);
  await login.start(email);
  await expect(login.heading).toHaveText('Enter the code we texted you');
  await page.getByRole('link', { name: 'Lost access to your phone?' }).click();

  await expect(page).toHaveURL(/\/account\/reset-phone-number/);
  await expect(login.heading).toHaveText('Reset your phone number');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([]);
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(login.heading).toHaveText('Check your email');
  await expect(page.getByText(`We emailed a 6-digit code to ${email}.`, { exact: false })).toBeVisible();
  const code = await waitForMailedCode(request, email, sentAfter);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await login.typeCode(wrong);
  await expect(page.getByRole('alert')).toHaveText('The code is incorrect or has expired');
  // The refused code is cleared; the right one is pasted, as from the mail.
  await expect(page.getByRole('textbox', { name: /digit 1 of 6/ })).toHaveValue('');
  await login.pasteCode(code);

  await expect(login.heading).toHaveText('Enter your new phone number');
  await page.getByRole('textbox', { name: 'New phone number' }).fill('020 7946');
  await page.getByRole('button', { name: 'Save and send code' }).click();
  await expect(
    page.getByText('Enter your phone number with its country code', { exact: false }),
  ).toBeVisible();
  const textedAfter = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('textbox', { name: 'New phone number' }).fill(newPhone);
  await page.getByRole('button', { name: 'Save and send code' }).click();

  // The store texts a sign-in code to the new number and opens the login page's SMS step.
  await expect(page).toHaveURL(/\/account\/login/);
  await expect(login.heading).toHaveText('Enter the code we texted you');
  const smsCode = await waitForSmsCode(request, newPhoneCompact, { after: textedAfter });
  await login.typeCode(smsCode);
  await expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });

  const notices = (await (
    await request.get(`/dev/api/mailbox?to=${encodeURIComponent(email)}`)
  ).json()) as MailMessage[];
  expect(notices.map((message) => message.subject)).toContain(
    'The phone number of your Brizo FoodMetrics account changed',
  );
});

test('the phone reset answers the same for an unknown email', async ({ page }) => {
  await admin.use('SmsCode');
  await page.goto('/account/reset-phone-number');
  await page.getByLabel('Email').fill('nobody-here@foodco.example');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await page.getByRole('textbox', { name: /digit 1 of 6/ }).click();
  await page.keyboard.type('123456');
  await expect(page.getByRole('alert')).toHaveText('The code is incorrect or has expired');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
});
