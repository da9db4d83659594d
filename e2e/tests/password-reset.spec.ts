import { expect, test } from '@playwright/test';
import { newWorkEmail, NEW_PASSWORD } from '../support/identities';
import { waitForMailLink } from '../support/mailbox';
import { fillNewPassword } from '../pages/password-form';
import { LoginPage } from '../pages/login-page';
import { checkScreen } from '../support/screen-check';

const API = '/frontegg/identity/resources/users/v1';

test('forgot password mails a reset link that sets a new password', async ({ page, request }) => {
  const email = newWorkEmail('reset');
  const signUp = await request.post(`${API}/signUp`, {
    data: { email, name: 'Rita Reset', companyName: 'Reset Foods' },
  });
  expect(signUp.ok()).toBeTruthy();
  const activation = new URL(await waitForMailLink(request, email, '/account/activate'));
  const activated = await request.post(`${API}/activate`, {
    data: {
      userId: activation.searchParams.get('userId'),
      token: activation.searchParams.get('token'),
      password: NEW_PASSWORD,
    },
  });
  expect(activated.ok()).toBeTruthy();

  await page.goto('/account/login');
  await page.getByRole('link', { name: 'Reset it' }).click();
  await expect(page).toHaveURL(/\/account\/forget-password/);
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: /reset|send|continue/i }).click();
  await expect(page.getByText('Email sent')).toBeVisible();

  const resetLink = await waitForMailLink(request, email, '/account/reset-password');
  await page.goto(resetLink);
  const newPassword = 'Fresh-menu-2027!';
  await fillNewPassword(page, newPassword);
  await expect(page.getByText(/Password changed.*login page will appear automatically/)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });

  const login = new LoginPage(page);
  await login.signIn(email, newPassword);
  await expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });

  // The link was single-use.
  await page.context().clearCookies();
  await page.goto(resetLink);
  await fillNewPassword(page, 'Another-menu-2028!');
  await expect(page.getByRole('alert')).toContainText(
    'Reset password failed: Please double check your reset URL.',
  );
  // Walk-through defects: the alert's title and body both said it.
  await expect(page.getByText('Reset password failed: Please double check your reset URL.')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Contact Support' })).toBeVisible();
  await checkScreen(page, 'reset-refused');
});

test('an invalid activation link offers Login and Contact Support', async ({ page }) => {
  await page.goto('/account/activate?userId=00000000-0000-0000-0000-000000000000&token=not-a-token');
  await expect(page.getByText('Activation link is invalid or expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toBeVisible();
});
