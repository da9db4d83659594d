import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { MainAppPage } from '../pages/main-app-page';
import { DEMO_PASSWORD, E2E_BASE_URL, E2E_PORT } from '../support/env';

// Issue 10: the refresh cookie (SameSite=Lax) also goes with requests from a sibling origin of the same
// site, here another port of localhost.
const SIBLING = `http://localhost:${E2E_PORT + 1000}`;

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('regular@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
}

/** Serves `html` as the page at `origin`: a site we do not control, as far as the browser can tell. */
async function servePage(page: Page, origin: string, html: string) {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><body>${html}</body></html>` }),
  );
}

test('a sibling origin cannot log out or refresh with the session cookie', async ({ page }) => {
  await signIn(page);
  for (const path of [
    '/frontegg/identity/resources/auth/v1/logout',
    '/frontegg/identity/resources/auth/v1/user/token/refresh',
  ]) {
    // A form needs no CORS: the browser sends it with the cookies, the page just cannot read the answer.
    await servePage(
      page,
      SIBLING,
      `<form method="post" action="${E2E_BASE_URL}${path}"></form><script>document.forms[0].submit()</script>`,
    );
    const answer = page.waitForResponse((response) => response.url() === `${E2E_BASE_URL}${path}`);
    await page.goto(`${SIBLING}/`);
    expect((await answer).status()).toBe(403);
    await page.unroute(`${SIBLING}/**`);
  }

  await page.goto('/app');
  await expect(new MainAppPage(page).email).toHaveText('regular@brizo.test', { timeout: 20_000 });
});

test("a link to the web app's /account/logout from another site asks before signing out", async ({
  page,
}) => {
  await signIn(page);
  const OTHER_SITE = 'http://elsewhere.test';
  await servePage(page, OTHER_SITE, `<a href="${E2E_BASE_URL}/account/logout">Log out</a>`);
  await page.goto(`${OTHER_SITE}/`);
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out of Brizo FoodMetrics?' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(new MainAppPage(page).email).toHaveText('regular@brizo.test', { timeout: 20_000 });

  // The app's own Logout button signs out at once.
  await new MainAppPage(page).logout();
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
});
