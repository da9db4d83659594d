import { expect, test } from '@playwright/test';
import { PasswordlessPage } from '../pages/passwordless-page';
import { AuthStrategyAdmin, setPhoneNumber } from '../support/auth-strategy';
import { waitForMailedCode } from '../support/mail-code';
import { waitForMailLink } from '../support/mailbox';
import { waitForSmsCode } from '../support/sms';

// Issue 3: passwordless sign-in. The vendor strategy is switched through the admin endpoint;
// these journeys run one at a time, after all other journeys (project `strategies`).
test.describe.configure({ mode: 'serial' });

let admin: AuthStrategyAdmin;
test.beforeEach(async () => {
  admin = await AuthStrategyAdmin.signIn();
});
test.afterEach(async () => {
  await admin.dispose();
});

test('MagicLink: the mailed link signs in, shows success for 5 s, then lands', async ({ page, request }) => {
  await admin.use('MagicLink');
  const login = new PasswordlessPage(page);
  await login.start('regular@brizo.test');
  await expect(login.heading).toHaveText('Check your email');
  await expect(page.getByText('regular@brizo.test')).toBeVisible();
  await expect(page.getByText(/You can resend the link in \d+ s/)).toBeVisible();

  const link = await waitForMailLink(request, 'regular@brizo.test', '/account/login/magic-link');
  // The success shows from the sign-in's answer: timed from there, not from when the expectation
  // below, which polls, first saw it (up to a second later).
  const signedInAt = page
    .waitForResponse((response) => response.url().includes('/passwordless/magiclink/postlogin'))
    .then(() => Date.now());
  await page.goto(link);
  await expect(login.heading).toHaveText("You're signed in");
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  expect(Date.now() - (await signedInAt)).toBeGreaterThanOrEqual(4000);
  await expect(page.getByTestId('main-app-email')).toHaveText('regular@brizo.test');

  // The link worked once: opening it again is refused, with a way back.
  const other = await page.context().browser()!.newContext();
  const again = await other.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('Sign-in link not valid');
  await expect(again.getByRole('alert')).toHaveText('This sign-in link is invalid or has expired');
  await again.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(again).toHaveURL(/\/account\/login$/);
  await other.close();
});

test('Code: the mailed 6-digit code signs in; a wrong code is refused first', async ({ page, request }) => {
  await admin.use('Code');
  const login = new PasswordlessPage(page);
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await login.start('trial@brizo.test');
  await expect(login.heading).toHaveText('Enter your code');
  await expect(
    page.getByText('We emailed a 6-digit code to trial@brizo.test.', { exact: false }),
  ).toBeVisible();
  const code = await waitForMailedCode(request, 'trial@brizo.test', sentAfter);

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await login.typeCode(wrong);
  await expect(page.getByRole('alert')).toHaveText('The code is incorrect or has expired');

  // The refused code is cleared; pasting the whole code signs in.
  await expect(page.getByRole('textbox', { name: /digit 1 of 6/ })).toHaveValue('');
  await login.pasteCode(code);
  await expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });
});

test('SmsCode: the code texted to the phone of the account signs in', async ({ page, request }) => {
  await setPhoneNumber(request, 'review@brizo.test', '+1 555 010 0177');
  await admin.use('SmsCode');
  const login = new PasswordlessPage(page);
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await login.start('review@brizo.test');
  await expect(login.heading).toHaveText('Enter the code we texted you');
  const code = await waitForSmsCode(request, '+15550100177', { after: sentAfter });
  await login.typeCode(code);
  await expect(page).toHaveURL(/\/under-review$/, { timeout: 20_000 });
});

test('quick SMS login: a phone number instead of the email', async ({ page, request }) => {
  await setPhoneNumber(request, 'super@brizo.test', '+44 20 7946 0111');
  await admin.use('SmsCode');
  const login = new PasswordlessPage(page);
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await login.startWithPhoneNumber('+44 20 7946 0111');
  await expect(login.heading).toHaveText('Enter the code we texted you');
  await expect(page.getByText('We texted a 6-digit code to +442079460111.', { exact: false })).toBeVisible();
  const code = await waitForSmsCode(request, '+442079460111', { after: sentAfter });
  await login.typeCode(code);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await expect(page.getByTestId('main-app-email')).toHaveText('super@brizo.test');
});
