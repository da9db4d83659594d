import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { DEMO_PASSWORD } from '../support/env';
import { NEW_PASSWORD } from '../support/identities';
import { createActiveUser } from '../support/lifecycle';

test('super@brizo.test impersonates a user: impersonating, success, then the app as that user', async ({
  page,
  request,
}) => {
  const { email } = await createActiveUser(request, 'impersonated', NEW_PASSWORD);
  const login = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email, password: NEW_PASSWORD },
  });
  const { userId } = (await login.json()) as { userId: string };

  const signIn = new LoginPage(page);
  await signIn.goto();
  await signIn.signIn('super@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app/, { timeout: 20_000 });

  await page.goto(`/account/impersonate?userId=${userId}`);
  await expect(page.getByText('You are now signed in as this user. Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Try Brizo FoodMetrics' }).click();
  await expect(page.getByTestId('main-app-email')).toHaveText(email);
});

test('impersonation is refused to anyone but a superuser', async ({ page, request }) => {
  const { email } = await createActiveUser(request, 'not-super', NEW_PASSWORD);
  const signIn = new LoginPage(page);
  await signIn.goto();
  await signIn.signIn(email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });
  await page.goto('/account/impersonate?userId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText(
    'Only a signed-in superuser can impersonate other users.',
  );
});
