import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { checkScreen } from '../support/screen-check';
import { DEMO_PASSWORD } from '../support/env';
import { forgetSession } from '../support/forget-session';
import { NEW_PASSWORD } from '../support/identities';
import { bearerOf, createActiveUser } from '../support/lifecycle';
import { enrollEmailMfa, setMfaPolicy, totpCode, typeCode, waitForMfaMail } from '../support/mfa';
import { waitForSmsCode } from '../support/sms';

// Issue 3, MFA slice: forced enrollment, second factors, recovery, remembered devices, step-up.

/** A new administrator whose tenant forces MFA. */
async function userWithForcedMfa(request: Parameters<typeof createActiveUser>[0], label: string) {
  const { email } = await createActiveUser(request, label, NEW_PASSWORD);
  await setMfaPolicy(request, await bearerOf(request, email, NEW_PASSWORD), { enforceMFAType: 'Force' });
  return email;
}

const landed = async (page: Page) => expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });
// Codes sent from now on (server and browser share this machine's clock).
const now = () => new Date().toISOString();

test('forced TOTP enrollment with the manual key, the recovery code, then a code and a remembered device', async ({
  page,
  request,
}) => {
  const email = await userWithForcedMfa(request, 'totp');
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, NEW_PASSWORD);

  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Authenticator app' }).click();
  await expect(page.getByTestId('mfa-qr-code')).toBeVisible();
  const manualKey = (await page.getByTestId('mfa-manual-key').textContent()) ?? '';
  await typeCode(page, '000000'.replace(/./g, '1'));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is incorrect or has expired');
  await page.getByRole('textbox', { name: /digit 1 of 6/ }).click();
  for (let index = 0; index < 6; index += 1) await page.keyboard.press('Backspace');
  await typeCode(page, totpCode(manualKey));
  await page.getByRole('button', { name: 'Verify and continue' }).click();

  const recoveryCode = page.getByTestId('mfa-recovery-code');
  await expect(recoveryCode).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel('I have saved my recovery code').check();
  await continueButton.click();
  await landed(page);

  // Signed out, the next login asks for the code straight away (one device type) and remembers the device.
  await forgetSession(page);
  await login.goto();
  await login.signIn(email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Remember this device for 14 days').check();
  // The enrollment spent this period's code: use the next one (one step of drift is accepted).
  await typeCode(page, totpCode(manualKey, 1));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await landed(page);

  // The remembered device skips MFA.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies({ name: 'fe_refresh_brizoaccess' });
  await login.goto();
  await login.signIn(email, NEW_PASSWORD);
  await landed(page);
});

test('recover with the recovery code: two-factor is off, the next login enrolls again', async ({
  page,
  request,
}) => {
  const email = await userWithForcedMfa(request, 'recover');
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Authenticator app' }).click();
  const manualKey = (await page.getByTestId('mfa-manual-key').textContent()) ?? '';
  await typeCode(page, totpCode(manualKey));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  const code = (await page.getByTestId('mfa-recovery-code').textContent()) ?? '';
  await page.getByLabel('I have saved my recovery code').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await landed(page);

  await forgetSession(page);
  await login.goto();
  await login.signIn(email, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Recover your account' })).toBeVisible();
  await page.getByLabel('Recovery code').fill('WRONG-CODE');
  await page.getByRole('button', { name: 'Recover account' }).click();
  await expect(page.getByRole('alert')).toContainText('The recovery code is incorrect');
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Recover account' }).click();

  // Back at the start; the tenant still forces MFA, so signing in enrolls again.
  await login.signIn(email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
});

test('email-code MFA with codes from the dev mailbox', async ({ page, request }) => {
  const email = await userWithForcedMfa(request, 'emailmfa');
  const login = new LoginPage(page);
  await login.goto();
  let after = now();
  await login.signIn(email, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Email code' }).click();
  await typeCode(page, await waitForMfaMail(request, email, after));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  // Walk-through defects: the email-code enrollment went straight on without the recovery code that
  // the other factors show (SPEC section 4: "After enrollment: recoveryCode").
  await expect(page.getByTestId('mfa-recovery-code')).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
  await checkScreen(page, 'email-enrollment-recovery-code');
  await page.getByLabel('I have saved my recovery code').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await landed(page);

  await forgetSession(page);
  await login.goto();
  after = now();
  await login.signIn(email, NEW_PASSWORD);
  await expect(page.getByText(`We emailed a 6-digit code to ${email}`)).toBeVisible();
  await typeCode(page, await waitForMfaMail(request, email, after));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await landed(page);
});

test('SMS MFA with codes from the dev SMS outbox', async ({ page, request }) => {
  const email = await userWithForcedMfa(request, 'smsmfa');
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Text message (SMS)' }).click();
  await page.getByLabel('Phone number').fill('12');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Enter the number with its country code')).toBeVisible();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await typeCode(page, await waitForSmsCode(request, phone));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByTestId('mfa-recovery-code')).toBeVisible();
  await page.getByLabel('I have saved my recovery code').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await landed(page);

  await forgetSession(page);
  await login.goto();
  const after = now();
  await login.signIn(email, NEW_PASSWORD);
  await expect(page.getByText(/We texted a 6-digit code to \*+\d{4}/)).toBeVisible();
  await typeCode(page, await waitForSmsCode(request, phone, { after }));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await landed(page);
});

test('step-up asks the enrolled factor again, then returns', async ({ page, request }) => {
  const email = await userWithForcedMfa(request, 'stepup');
  await enrollEmailMfa(request, email, NEW_PASSWORD);
  const login = new LoginPage(page);
  await login.goto();
  let after = now();
  await login.signIn(email, NEW_PASSWORD);
  await typeCode(page, await waitForMfaMail(request, email, after));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await landed(page);

  after = now();
  await page.goto('/account/step-up?maxAge=60');
  await expect(page.getByRole('heading', { name: "Verify it's you" })).toBeVisible();
  // Walk-through defect: step-up named no address ("We emailed a 6-digit code to .").
  await expect(page.getByText(`We emailed a 6-digit code to ${email}.`)).toBeVisible();
  await typeCode(page, await waitForMfaMail(request, email, after));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).not.toHaveURL(/step-up/, { timeout: 20_000 });
});

test("step-up without MFA shows 'MFA is not enrolled'", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('regular@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await page.goto('/account/step-up');
  await expect(page.getByRole('heading', { name: 'MFA is not enrolled' })).toBeVisible();
});
