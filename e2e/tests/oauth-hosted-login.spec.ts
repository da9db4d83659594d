import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { MainAppPage } from '../pages/main-app-page';
import { ACCESS_TOKEN_TTL_SECONDS, DEMO_PASSWORD, E2E_BASE_URL } from '../support/env';
import { useHostedLogin } from '../support/hosted-login';
import { checkScreen } from '../support/screen-check';

function oauthTraffic(page: Page) {
  const calls: { path: string; status: number; grant?: string }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/frontegg/oauth/')) return;
    const grant = response.request().postDataJSON()?.grant_type as string | undefined;
    calls.push({ path: url.pathname, status: response.status(), grant });
  });
  return calls;
}

test('hosted login: the app signs in through /oauth/authorize with PKCE and keeps the session', async ({
  page,
}) => {
  await useHostedLogin(page);
  const calls = oauthTraffic(page);
  const authorizeRequests: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/frontegg/oauth/authorize') authorizeRequests.push(url);
  });

  await page.goto('/app');
  // The app sends the visitor to the authorization server, whose login box is the embedded one.
  await expect(page).toHaveURL(/\/account\/login\?redirectUrl=/, { timeout: 20_000 });
  const authorize = authorizeRequests[0];
  expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize?.searchParams.get('redirect_uri')).toMatch(/\/oauth\/callback$/);
  expect(authorize?.searchParams.get('scope')).toBe('openid email profile');

  await new LoginPage(page).signIn('regular@brizo.test', DEMO_PASSWORD);
  const app = new MainAppPage(page);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await expect(app.email).toHaveText('regular@brizo.test');
  expect(calls).toContainEqual({ path: '/frontegg/oauth/token', status: 200, grant: 'authorization_code' });

  // Renewal goes through the token endpoint (refresh_token grant) in hosted mode.
  await expect
    .poll(() => calls.filter((call) => call.grant === 'refresh_token' && call.status === 200).length, {
      timeout: ACCESS_TOKEN_TTL_SECONDS * 3 * 1000,
      intervals: [1000],
    })
    .toBeGreaterThanOrEqual(1);

  // A reload signs in silently from the session cookie, without the login box.
  await page.reload();
  await expect(app.email).toHaveText('regular@brizo.test');
  await expect(page).toHaveURL(/\/app$/);
  expect(calls).toContainEqual({ path: '/frontegg/oauth/authorize/silent', status: 200, grant: undefined });

  // Logout ends the session at the authorization server: the next visit needs the login box again.
  // The answer is read on its way to the page: the page navigates right after it, and the browser may
  // drop a body nobody read before that.
  const logoutAnswer = new Promise<unknown>((resolve) => {
    void page.route('**/frontegg/oauth/logout**', async (route) => {
      const response = await route.fetch();
      resolve(await response.json());
      await route.fulfill({ response });
    });
  });
  await app.logout();
  // Issue 10: the SDK's bearer is its ID token, of this very session: the session ends at once (JSON),
  // with no confirmation page in between.
  expect(await logoutAnswer).toEqual({});
  await expect(page).toHaveURL(/\/account\/login\?redirectUrl=/, { timeout: 20_000 });
  expect(calls.some((call) => call.path === '/frontegg/oauth/logout' && call.status === 200)).toBe(true);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/account\/login\?redirectUrl=/, { timeout: 20_000 });
});

test('hosted login: a signed-in visitor gets a code without seeing the login box', async ({ page }) => {
  // Signed in at the identity origin first (embedded), then the app switches to hosted mode.
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });

  await useHostedLogin(page);
  const calls = oauthTraffic(page);
  await page.goto('/oauth/callback');
  await expect(page.getByText('Sign-in did not complete')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await expect(new MainAppPage(page).email).toHaveText('admin@brizo.test');
  expect(calls.some((call) => call.path === '/frontegg/oauth/authorize/silent')).toBe(true);
});

test('walk-through defects: hosted login sends a state, keeps the code out of the address bar and refuses a replayed or forged callback', async ({
  page,
}) => {
  await useHostedLogin(page);
  const authorizeStates: (string | null)[] = [];
  const callbacks: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/frontegg/oauth/authorize') authorizeStates.push(url.searchParams.get('state'));
    if (request.isNavigationRequest() && url.pathname === '/oauth/callback') callbacks.push(request.url());
  });
  const exchanges: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/frontegg/oauth/token') exchanges.push(response.status());
  });

  // A trial user lands on /trial-started, a page whose query string is saved and appended (SPEC section 4).
  await page.goto('/trial-started');
  await expect(page).toHaveURL(/\/account\/login\?redirectUrl=/, { timeout: 20_000 });
  const state = authorizeStates[0];
  expect(state).toMatch(/^[0-9a-f-]{36}$/);
  await new LoginPage(page).signIn('trial@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Welcome to your free trial' })).toBeVisible();

  // The code came back with the state, and left neither the address bar nor the stored query string.
  const callback = new URL(callbacks[0] ?? 'http://missing.invalid');
  expect(callback.searchParams.get('state')).toBe(state);
  expect(callback.searchParams.get('code')).toBeTruthy();
  expect(exchanges).toEqual([200]);
  expect(page.url()).not.toContain('code=');
  expect(await page.evaluate(() => localStorage.getItem('bfmQueryString'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to your free trial' })).toBeVisible();
  expect(page.url()).not.toContain('code=');

  // The same answer again (a replay from the history or a leaked address): refused, and said so.
  await page.goto(callback.toString());
  await expect(page.getByRole('heading', { name: 'Sign-in did not complete' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in answer was not requested from this browser tab, or it was already used.',
  );
  expect(page.url()).toMatch(/\/oauth\/callback$/);
  expect(exchanges).toEqual([200]);
  await checkScreen(page, 'callback-replayed');

  // A forged answer, with a code and state of someone else's making: refused before any exchange.
  await page.goto('/oauth/callback?code=forged-code&state=forged-state');
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in answer was not requested from this browser tab, or it was already used.',
  );
  expect(exchanges).toEqual([200]);

  // Starting again works: the session still stands, so the home page signs in silently.
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });
});

test('the login box follows a redirectUrl on its own origin only (SPEC section 5)', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/account/login?redirectUrl=https%3A%2F%2Fevil.example%2Fsteal');
  await expect(page).not.toHaveURL(/redirectUrl/);
  expect(warnings).toContain('The redirect url param is not valid, the origin is a different site');
  await new LoginPage(page).signIn('regular@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
  await page.goto('/account/login?redirectUrl=%2Ftrial-started%3Ffrom%3Dlink');
  await expect(page).toHaveURL(/redirectUrl=/);
  await new LoginPage(page).signIn('trial@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/trial-started/, { timeout: 20_000 });
});

test('issue 10: a link to the hosted logout from another site asks before signing out', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('regular@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  const OTHER_SITE = 'http://elsewhere.test';
  const target = new URLSearchParams({
    post_logout_redirect_uri: `${E2E_BASE_URL}/account/login`,
    state: 'st',
  });
  await page.route(`${OTHER_SITE}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<a href="${E2E_BASE_URL}/frontegg/oauth/logout?${target.toString()}">Log out</a>`,
    }),
  );
  const documents: string[] = [];
  page.on('framenavigated', (frame) => documents.push(frame.url()));
  await page.goto(`${OTHER_SITE}/`);
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out of Brizo FoodMetrics?' })).toBeVisible();
  await expect(page.getByText('regular@brizo.test')).toBeVisible();

  // Nothing has ended yet: the app still has its session.
  await page.goto('/app');
  await expect(new MainAppPage(page).email).toHaveText('regular@brizo.test', { timeout: 20_000 });

  await page.goto(`${OTHER_SITE}/`);
  await page.getByRole('link', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/account\/login/);
  // On to the registered post_logout_redirect_uri, with the state.
  expect(documents).toContain(`${E2E_BASE_URL}/account/login?state=st`);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
});
