import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_BASE_URL } from '../support/env';
import { LoginPage } from '../pages/login-page';

const destinations: Array<{ email: string; path: RegExp; text: string }> = [
  { email: 'regular@brizo.test', path: /\/app$/, text: 'regular@brizo.test' },
  { email: 'trial@brizo.test', path: /\/trial-started$/, text: 'Welcome to your free trial' },
  { email: 'expired@brizo.test', path: /\/trial-ended$/, text: 'End of free trial' },
  { email: 'review@brizo.test', path: /\/under-review$/, text: 'Application under review' },
  { email: 'admin@brizo.test', path: /\/app$/, text: 'admin@brizo.test' },
  { email: 'super@brizo.test', path: /\/app$/, text: 'super@brizo.test' },
];

for (const { email, path, text } of destinations) {
  test(`${email} lands on its destination`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(email, DEMO_PASSWORD);
    await expect(page).toHaveURL(path, { timeout: 20_000 });
    await expect(page.getByText(text).first()).toBeVisible();
  });
}

test('a regular user who arrived with ?source= lands on the source', async ({ page }) => {
  const source = `${E2E_BASE_URL}/app?from=partner-campaign`;
  await page.goto(`/?source=${encodeURIComponent(source)}`);
  await expect(page).toHaveURL(/\/account\/login/);
  await new LoginPage(page).signIn('regular@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\?from=partner-campaign$/, { timeout: 20_000 });
  const storedSource = await page.evaluate(() => sessionStorage.getItem('bfmSource'));
  expect(storedSource).toBeNull();
});

test("the expired user's Logout returns to the login page", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('expired@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/trial-ended$/, { timeout: 20_000 });
  for (const unit of ['days', 'hours', 'minutes']) {
    await expect(page.getByTestId(`countdown-${unit}`)).toHaveText('00');
  }
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
  await page.goto('/trial-ended');
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
});

test('a wrong password shows the error and stays on the login page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('regular@brizo.test', 'not-the-password');
  await expect(login.errorAlert).toContainText(/incorrect email or password/i);
  await expect(page).toHaveURL(/\/account\/login/);
  await expect(page.getByRole('link', { name: 'Contact sales' })).toBeVisible();
});
