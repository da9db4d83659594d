// Issue 15: the superuser console. The demo superuser reads the free-trial funnel, approves a
// personal-email sign-up under review (who then lands on their trial), extends that trial, switches a
// feature flag and back, and creates a plan and a feature. Issue 16: registers an OAuth client and signs
// in to it, and rotates the signing key. Flags are server-wide, so this runs with the
// server-wide journeys (playwright.config.ts) and restores the flag it switched.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { LoginPage } from '../pages/login-page';
import { fillNewPassword } from '../pages/password-form';
import { SignUpPage } from '../pages/sign-up-page';
import { DEMO_PASSWORD } from '../support/env';
import { newPersonalEmail, NEW_PASSWORD } from '../support/identities';
import { waitForMailLink } from '../support/mailbox';
import { checkScreen } from '../support/screen-check';

test.describe.configure({ mode: 'serial' });

const SUPERUSER = 'super@brizo.test';
const FLAG = 'msp-all-accounts-new';

async function superuserBearer(request: APIRequestContext): Promise<string> {
  const response = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: SUPERUSER, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return `Bearer ${((await response.json()) as { accessToken: string }).accessToken}`;
}

test.afterAll(async ({ request }) => {
  // The flag as the migration seeds it, whatever the journey left.
  const response = await request.patch(`/frontegg/flags/resources/v1/${FLAG}`, {
    headers: { authorization: await superuserBearer(request) },
    data: { on: true },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
});

/** A personal-email sign-up, activated, on /under-review in its own browser. */
async function personUnderReview(browser: Browser, request: APIRequestContext) {
  const email = newPersonalEmail('console');
  const context = await browser.newContext();
  const page = await context.newPage();
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.signUp({ firstName: 'Rita', lastName: 'Review', companyName: 'Rita Bakes', email });
  await expect(page.getByText('Please check your inbox!')).toBeVisible();
  await page.goto(await waitForMailLink(request, email, '/account/activate'));
  await fillNewPassword(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/under-review/, { timeout: 20_000 });
  return { email, page };
}

async function openConsole(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(SUPERUSER, DEMO_PASSWORD);
  // The superuser lands on the main application first.
  await expect(page.getByTestId('main-app-email')).toHaveText(SUPERUSER, { timeout: 20_000 });
  await page.goto('/console');
  await expect(page.getByRole('heading', { name: 'Superuser console' })).toBeVisible();
}

test('a superuser runs the funnel, approves a sign-up under review and extends the trial', async ({
  browser,
  page,
  request,
}) => {
  // A sign-up, its activation and four screens checked at two widths: a long walk.
  test.setTimeout(120_000);
  const person = await personUnderReview(browser, request);
  await openConsole(page);

  // The funnel counts the new sign-up this week.
  const funnel = page.getByRole('table', { name: 'Free-trial funnel' });
  await expect(funnel).toBeVisible();
  await expect(page.getByTestId('funnel-total-signUps')).not.toHaveText('0');
  await page.getByText('By source', { exact: true }).click();
  await expect(funnel.getByRole('columnheader', { name: 'Source' })).toBeVisible();
  await checkScreen(page, 'console-funnel');

  // Under review: approve, after a confirmation.
  // Earlier sign-ups wait there too (oldest first): the search finds this one.
  await page.getByRole('tab', { name: 'Under review' }).click();
  await page.getByRole('tabpanel').getByRole('searchbox', { name: 'Search' }).fill(person.email);
  const row = page.getByTestId(`review-${person.email}`);
  await expect(row).toBeVisible();
  await checkScreen(page, 'console-under-review');
  await row.getByRole('button', { name: `Approve ${person.email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve account' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  // Their next refresh carries the trial: they land on the trial page.
  await person.page.goto('/');
  await expect(person.page).toHaveURL(/\/trial-started/, { timeout: 20_000 });
  await expect(person.page.getByText('Welcome to your free trial')).toBeVisible();

  // Trials ending within 30 days: theirs, extended by 5 days.
  await page.getByRole('tab', { name: 'Trials ending' }).click();
  await page.getByRole('combobox', { name: 'Ending within' }).click();
  await page.getByRole('option', { name: '30 days' }).click();
  await page.getByRole('tabpanel').getByRole('searchbox', { name: 'Search' }).fill(person.email);
  const trial = page.getByTestId(`trial-${person.email}`);
  await expect(trial).toBeVisible();
  const before = (await trial.getByRole('cell').nth(5).textContent()) ?? '';
  await trial.getByRole('button', { name: `Extend ${person.email}` }).click();
  const extend = page.getByRole('dialog', { name: /Extend the trial/ });
  await extend.getByRole('textbox', { name: 'Days' }).fill('5');
  await extend.getByRole('button', { name: 'Extend trial' }).click();
  await expect(extend).toBeHidden();
  const lastDay = before.slice(0, 10);
  const moved = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
  await expect(trial).toContainText(moved);
  await person.page.context().close();
});

test('a superuser switches a feature flag and back, and creates a plan and a feature', async ({ page }) => {
  test.setTimeout(120_000);
  await openConsole(page);

  await page.getByRole('tab', { name: 'Feature flags' }).click();
  const flag = page.getByTestId(`flag-${FLAG}`).getByRole('switch', { name: `${FLAG} on` });
  await expect(flag).toBeChecked();
  await checkScreen(page, 'console-flags');
  await flag.click({ force: true });
  await expect(flag).not.toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'Feature flags' }).click();
  await expect(flag).not.toBeChecked();
  await flag.click({ force: true });
  await expect(flag).toBeChecked();

  const id = randomUUID().slice(0, 8);
  const planName = `Journey plan ${id}`;
  await page.getByRole('tab', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'Create plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'Create plan' });
  await planDialog.getByRole('textbox', { name: 'Name' }).fill(planName);
  await planDialog.getByRole('button', { name: 'Add rule' }).click();
  await planDialog.getByRole('textbox', { name: 'Attribute' }).fill('email');
  await planDialog.getByRole('textbox', { name: 'Values, separated by commas' }).fill('@brizo.test');
  await checkScreen(page, 'console-plan-dialog');
  await planDialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(planDialog).toBeHidden();
  await expect(page.getByTestId(`plan-${planName}`)).toContainText('1');

  await page.getByRole('tab', { name: 'Features' }).click();
  await page.getByRole('button', { name: 'Create feature' }).click();
  const featureDialog = page.getByRole('dialog', { name: 'Create feature' });
  await featureDialog.getByRole('textbox', { name: 'Key' }).fill(`journey-${id}`);
  await featureDialog.getByRole('textbox', { name: 'Name' }).fill(`Journey feature ${id}`);
  await featureDialog.getByRole('textbox', { name: 'Linked permissions' }).fill('fe.secure.read.audits');
  await featureDialog.getByRole('combobox', { name: 'Plans' }).click();
  await page.getByRole('option', { name: planName }).click();
  await featureDialog.getByRole('heading').click();
  await featureDialog.getByRole('button', { name: 'Create feature' }).click();
  await expect(featureDialog).toBeHidden();
  const feature = page.getByTestId(`feature-journey-${id}`);
  await expect(feature).toContainText('fe.secure.read.audits');
  await expect(feature).toContainText(planName);
});

test('a superuser registers an app whose sign-in comes back to its redirect URI, and rotates the signing key', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openConsole(page);
  const id = randomUUID().slice(0, 8);
  const name = `Journey app ${id}`;
  const callback = `https://app-${id}.journey.test/auth/callback`;

  await page.getByRole('tab', { name: 'OAuth clients' }).click();
  await expect(page.getByTestId('oauth-client-Brizo FoodMetrics')).toContainText('Built in');
  await page.getByRole('button', { name: 'Register an app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register an app' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  // Plain http to another host is refused by the server, in the dialog.
  await dialog
    .getByRole('textbox', { name: 'Redirect URIs', exact: true })
    .fill(`http://app-${id}.journey.test/cb`);
  await dialog.getByRole('button', { name: 'Register app' }).click();
  await expect(dialog.getByRole('alert')).toContainText('redirect URI');
  await dialog.getByRole('textbox', { name: 'Redirect URIs', exact: true }).fill(callback);
  await dialog.getByRole('textbox', { name: 'Allowed origins' }).fill(`https://app-${id}.journey.test`);
  await checkScreen(page, 'console-oauth-client-dialog');
  await dialog.getByRole('button', { name: 'Register app' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`oauth-client-${name}`);
  await expect(row).toContainText(callback);
  const clientId = ((await row.getByTestId('oauth-client-id').textContent()) ?? '').trim();

  // The signed-in superuser authorizes the app (with the browser's cookies): the code goes back to its
  // registered URI, exactly, and a URI near it is refused.
  const authorize = (redirectUri: string) =>
    page.request.get(
      `/frontegg/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: id,
      })}`,
      { maxRedirects: 0 },
    );
  const answer = await authorize(callback);
  expect(answer.status()).toBe(302);
  const back = new URL(answer.headers().location ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(callback);
  expect(back.searchParams.get('state')).toBe(id);
  expect(back.searchParams.get('code')).toBeTruthy();
  expect((await authorize(`${callback}/`)).status()).toBe(400);

  // Rotating publishes a new key that signs a few minutes later; the current one keeps signing.
  await page.getByRole('tab', { name: 'Signing keys' }).click();
  const keys = page.getByRole('table', { name: 'Signing keys' });
  await expect(keys.getByText('Signing', { exact: true }).first()).toBeVisible();
  const before = await keys.getByRole('row').count();
  await page.getByRole('button', { name: 'Rotate now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rotate the signing key' });
  await confirm.getByRole('button', { name: 'Rotate' }).click();
  await expect(confirm).toBeHidden();
  await expect(keys.getByRole('row')).toHaveCount(before + 1);
  await expect(keys.getByText('Signs soon').first()).toBeVisible();
  await checkScreen(page, 'console-signing-keys');
});

test('anyone but a superuser is told the console is not available', async ({ browser, request }) => {
  const person = await personUnderReview(browser, request);
  await person.page.goto('/console');
  await expect(person.page.getByText('The superuser console is not available')).toBeVisible();
  await person.page.context().close();
});
