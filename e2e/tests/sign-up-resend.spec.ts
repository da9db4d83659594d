import { expect, test, type APIRequestContext } from '@playwright/test';
import { fillNewPassword } from '../pages/password-form';
import { SignUpPage } from '../pages/sign-up-page';
import { moveServerClock, resetServerClock } from '../support/clock';
import { newPersonalEmail, NEW_PASSWORD } from '../support/identities';
import type { MailMessage } from '../support/mailbox';
import { checkScreen } from '../support/screen-check';

// Walk-through defects: a personal-email sign-up was told it would start a free trial (SPEC section 6:
// personal emails go to review), and link mode had no way to send the activation email again (SPEC
// section 2, activation step 'resend'). Moves the server's clock past its pause per recipient, so it
// runs with the server-wide journeys (playwright.config.ts).

const UNDER_REVIEW =
  'We are reviewing your application because you used a personal email address. We will be in touch with you shortly. Thank you for your patience.';

async function activationLinks(request: APIRequestContext, to: string): Promise<string[]> {
  const response = await request.get(`/dev/api/mailbox?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()) as MailMessage[];
  return messages.flatMap((message) =>
    [...message.text.matchAll(/https?:\/\/[^\s<>"')]+/g)]
      .map((match) => match[0])
      .filter((url) => new URL(url).pathname === '/account/activate'),
  );
}

test.afterEach(async ({ request }) => {
  await resetServerClock(request);
});

test('a personal-email sign-up is told it goes to review, and sends its activation link again after the pause', async ({
  page,
  request,
}) => {
  // The page's own timers run normally; fastForward stands in for the half minute of waiting.
  await page.clock.install();
  const email = newPersonalEmail('resend');
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.signUp({ firstName: 'Pat', lastName: 'Personal', companyName: 'Home Kitchen', email });

  const card = page.getByRole('main');
  await expect(page.getByRole('heading', { name: 'Please check your inbox!' })).toBeVisible();
  await expect(card).toContainText('We sent you an email with a link to activate your account.');
  await expect(card).toContainText(UNDER_REVIEW);
  await expect(card).not.toContainText('free trial');
  await expect.poll(() => activationLinks(request, email)).toHaveLength(1);

  // Within the server's pause the page counts down instead of offering a send that would do nothing.
  await expect(page.getByText(/^You can resend the activation email in \d+ s\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend activation email' })).toHaveCount(0);
  await checkScreen(page, 'sign-up-personal-check-inbox');

  await moveServerClock(request, 31);
  await page.clock.fastForward(31_000);
  const resend = page.getByRole('button', { name: 'Resend activation email' });
  await resend.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('We sent you a new activation link.');
  await expect.poll(() => activationLinks(request, email)).toHaveLength(2);
  // Sent again at once, the server would hold it: the page counts down again.
  await expect(page.getByText(/^You can resend the activation email in \d+ s\.$/)).toBeVisible();
  await checkScreen(page, 'sign-up-personal-resent');

  const [newest] = await activationLinks(request, email);
  await page.goto(newest ?? '');
  await fillNewPassword(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/under-review/, { timeout: 20_000 });
  await expect(page.getByText(UNDER_REVIEW)).toBeVisible();
});
