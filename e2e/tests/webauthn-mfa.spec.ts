import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { NEW_PASSWORD } from '../support/identities';
import { bearerOf, createActiveUser } from '../support/lifecycle';
import { setMfaPolicy } from '../support/mfa';
import { addVirtualAuthenticator, setMfaStrategy } from '../support/webauthn';

// Security keys are a vendor-wide MFA strategy: switched on for these journeys only.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await setMfaStrategy(request, 'WebAuthnCrossPlatform', true);
});
test.afterAll(async ({ request }) => {
  await setMfaStrategy(request, 'WebAuthnCrossPlatform', false);
});

test('a security key enrolled during a forced MFA login is then the second factor of every login', async ({
  page,
  request,
}) => {
  const key = await addVirtualAuthenticator(page, 'security-key');
  const { email } = await createActiveUser(request, 'seckey', NEW_PASSWORD);
  await setMfaPolicy(request, await bearerOf(request, email, NEW_PASSWORD), { enforceMFAType: 'Force' });

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Security key' }).click();

  // Enrolled: the recovery code is shown once, then the application opens.
  await expect(page.getByTestId('mfa-recovery-code')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('I have saved my recovery code').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/trial-started/, { timeout: 20_000 });
  const [credential] = await key.credentials();
  expect(credential).toMatchObject({ rpId: 'localhost' });

  await page.goto('/account/logout');
  // Loaded as a page, /account/logout asks first (issue 10).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
  await login.signIn(email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Security key' }).click();
  await expect(page).toHaveURL(/\/trial-started/, { timeout: 20_000 });
  const [used] = await key.credentials();
  expect(used?.signCount).toBeGreaterThan(credential?.signCount ?? 0);
});

test('without the key the login stops at the second factor', async ({ page, request }) => {
  const key = await addVirtualAuthenticator(page, 'security-key');
  const { email } = await createActiveUser(request, 'nokey', NEW_PASSWORD);
  await setMfaPolicy(request, await bearerOf(request, email, NEW_PASSWORD), { enforceMFAType: 'Force' });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Security key' }).click();
  await expect(page.getByTestId('mfa-recovery-code')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('I have saved my recovery code').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/trial-started/, { timeout: 20_000 });

  // The key is gone (another computer): the ceremony fails and the user stays at the second factor.
  await key.remove();
  await addVirtualAuthenticator(page, 'security-key');
  await page.goto('/account/logout');
  // Loaded as a page, /account/logout asks first (issue 10).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
  await login.signIn(email, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Security key' }).click();
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/account\/login/);
});
