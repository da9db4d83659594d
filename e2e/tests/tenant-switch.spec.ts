import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { MainAppPage } from '../pages/main-app-page';
import { DEMO_PASSWORD } from '../support/env';
import { useHostedLogin } from '../support/hosted-login';

test('a user in two tenants switches between them in the main application', async ({ page }) => {
  const switches: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/identity/resources/users/v1/tenant')) switches.push(response.status());
  });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin@brizo.test', DEMO_PASSWORD);
  const app = new MainAppPage(page);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  const start = (await app.tenant.textContent()) ?? '';
  const other = start === 'Brizo Labs' ? 'Brizo Demo' : 'Brizo Labs';

  await app.switchTenant(other);
  expect(switches).toEqual([200]);
  // The choice sticks: a reload (a fresh token from the session) stays in the new tenant.
  await page.reload();
  await expect(app.tenant).toHaveText(other);

  await app.switchTenant(start);
  await page.reload();
  await expect(app.tenant).toHaveText(start);
});

test('a user in one tenant sees no switcher', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('regular@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await expect(new MainAppPage(page).email).toHaveText('regular@brizo.test');
  await expect(page.getByTestId('tenant-switcher')).toHaveCount(0);
});

test('in hosted-login mode the switch reloads the token through /oauth/token', async ({ page }) => {
  await useHostedLogin(page);
  const refreshGrants: number[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/frontegg/oauth/token')) return;
    if (response.request().postDataJSON()?.grant_type === 'refresh_token')
      refreshGrants.push(response.status());
  });
  await page.goto('/app');
  await expect(page).toHaveURL(/\/account\/login\?redirectUrl=/, { timeout: 20_000 });
  await new LoginPage(page).signIn('admin@brizo.test', DEMO_PASSWORD);
  const app = new MainAppPage(page);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await expect(app.email).toHaveText('admin@brizo.test');
  const start = (await app.tenant.textContent()) ?? '';
  const other = start === 'Brizo Labs' ? 'Brizo Demo' : 'Brizo Labs';
  const before = refreshGrants.length;
  await app.switchTenant(other);
  expect(refreshGrants.slice(before)).toContain(200);
  await app.switchTenant(start);
});
