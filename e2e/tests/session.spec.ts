import { expect, test } from '@playwright/test';
import { ACCESS_TOKEN_TTL_SECONDS, DEMO_PASSWORD } from '../support/env';
import { LoginPage } from '../pages/login-page';

test('a session survives a reload and outlives several access-token lifetimes while idle', async ({
  page,
}) => {
  const refreshStatuses: number[] = [];
  const unauthorized: string[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/user/token/refresh')) refreshStatuses.push(response.status());
    else if (url.includes('/frontegg/') && response.status() === 401) unauthorized.push(url);
  });

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('regular@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await expect(page.getByTestId('main-app-email')).toHaveText('regular@brizo.test');

  const renewalsBefore = refreshStatuses.filter((status) => status === 200).length;
  // Stay idle for three token lifetimes: the web app must renew the access token on its own.
  await expect
    .poll(() => refreshStatuses.filter((status) => status === 200).length, {
      timeout: ACCESS_TOKEN_TTL_SECONDS * 4 * 1000,
      intervals: [1000],
    })
    .toBeGreaterThanOrEqual(renewalsBefore + 3);
  expect(unauthorized).toEqual([]);

  await page.reload();
  await expect(page.getByTestId('main-app-email')).toHaveText('regular@brizo.test');
  await expect(page).toHaveURL(/\/app$/);
});

test('logging out ends the session for good', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('regular@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
  await page.reload();
  await expect(page).toHaveURL(/\/account\/login/);
  await expect(page.getByLabel('Email', { exact: false }).first()).toBeVisible();
});
