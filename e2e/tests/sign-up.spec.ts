import { expect, test } from '@playwright/test';
import { newPersonalEmail, newWorkEmail, NEW_PASSWORD } from '../support/identities';
import { waitForMailLink } from '../support/mailbox';
import { fillNewPassword } from '../pages/password-form';
import { SignUpPage } from '../pages/sign-up-page';

test('a work-email sign-up activates by mail, starts a trial and opens the main application', async ({
  page,
  request,
}) => {
  const email = newWorkEmail('trial');
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await expect(page.getByRole('heading', { name: 'Get started for free!' })).toBeVisible();
  await expect(page.getByRole('link', { name: /back to login/i })).toHaveCount(0);
  await signUp.signUp({ firstName: 'Tess', lastName: 'Trial', companyName: 'Food Co', email });
  await expect(page.getByText('Please check your inbox!')).toBeVisible();

  const activationLink = await waitForMailLink(request, email, '/account/activate');
  await page.goto(activationLink);
  await fillNewPassword(page, NEW_PASSWORD);
  await expect(
    page.getByText('Succesfully activated! You will be redirected in a few seconds.'),
  ).toBeVisible();

  await expect(page).toHaveURL(/\/trial-started/, { timeout: 20_000 });
  await expect(page.getByText('Welcome to your free trial')).toBeVisible();
  await expect(page.getByText('Experience the benefits of using Brizo FoodMetrics.')).toBeVisible();
  const days = page.getByTestId('countdown-days');
  // A trial's last day ends at 03:59:59 UTC the next morning (US Eastern, SPEC section 9): signed up
  // before 04:00 UTC, a 14-day trial has a little over 15 days left.
  await expect(days).toHaveText(new Date().getUTCHours() < 4 ? /^1[45]$/ : /^1[34]$/);

  await page.getByRole('button', { name: 'Try Brizo FoodMetrics' }).click();
  await expect(page).toHaveURL(/\/app/);
  await expect(page.getByTestId('main-app-email')).toHaveText(email);
});

test('a personal-email sign-up lands under review', async ({ page, request }) => {
  const email = newPersonalEmail('review');
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.signUp({ firstName: 'Pat', lastName: 'Personal', companyName: 'Home Kitchen', email });
  await expect(page.getByText('Please check your inbox!')).toBeVisible();

  await page.goto(await waitForMailLink(request, email, '/account/activate'));
  await fillNewPassword(page, NEW_PASSWORD);

  await expect(page).toHaveURL(/\/under-review/, { timeout: 20_000 });
  await expect(page.getByText('Application under review')).toBeVisible();
  await expect(
    page.getByText(
      'We are reviewing your application because you used a personal email address. We will be in touch with you shortly. Thank you for your patience.',
    ),
  ).toBeVisible();
});

test('the sign-up form explains each missing field', async ({ page }) => {
  await new SignUpPage(page).goto();
  await page.getByRole('button', { name: /sign up/i }).click();
  for (const message of [
    'Your first name is required.',
    'Your last name is required.',
    'Company Name is required.',
    'Email is required.',
    'Check the box above to agree to the terms and enable Sign Up',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
});
