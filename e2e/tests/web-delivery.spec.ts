import { expect, test, type Page } from '@playwright/test';
import { AdminPortalPage } from '../pages/admin-portal-page';
import { LoginPage } from '../pages/login-page';
import { MainAppPage } from '../pages/main-app-page';
import { DEMO_PASSWORD } from '../support/env';

// Issue 10 (web delivery): the pages load under their content security policy without a single
// violation, a signed-out visit logs no console error and makes no failing request, and the presence
// cookie that makes that possible still lets a signed-in reload restore the session.

const PRESENCE = 'fe_refresh_brizoaccess_present';
const REFRESH = '/identity/resources/auth/v1/user/token/refresh';

interface Problems {
  consoleErrors: string[];
  failedRequests: string[];
  violations: string[];
  refreshCalls: number;
}

/** Records every console error, failed or 4xx/5xx request and CSP violation of the page from now on. */
async function watch(page: Page): Promise<Problems> {
  const problems: Problems = { consoleErrors: [], failedRequests: [], violations: [], refreshCalls: 0 };
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('request', (request) => {
    if (request.url().includes(REFRESH)) problems.refreshCalls += 1;
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.failedRequests.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

for (const path of ['/account/login', '/account/sign-up']) {
  test(`a signed-out visit of ${path} logs no error, fails no request and violates no policy (issue 10)`, async ({
    page,
  }) => {
    const problems = await watch(page);
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.locator('body')).not.toHaveClass(/loading/, { timeout: 20_000 });
    await expect(page.getByRole('button').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [], violations: [], refreshCalls: 0 });
  });
}

test('the login page script and styles arrive brotli-compressed and cached for a year (issue 10)', async ({
  page,
}) => {
  const files: Array<Record<string, string>> = [];
  page.on('response', async (response) => {
    // The entry chunk, the app's chunk it imports after the first frame, and the one stylesheet (files
    // under 1 KB are not worth compressing and stay plain).
    if (/\/assets\/(?:index|login)-[\w-]+\.js$|\/assets\/style-[\w-]+\.css$/.test(response.url()))
      files.push(await response.allHeaders());
  });
  await page.goto('/account/login');
  // The entry imports the app once the first paint is reported (or after a second without a report):
  // on a slow machine the network can be idle for longer than networkidle's half second before that.
  await expect(page.locator('body')).not.toHaveClass(/loading/, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  expect(files).toHaveLength(3);
  for (const headers of files) {
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});

test('signing in sets the presence cookie: a reload restores the session, logout clears it (issue 10)', async ({
  page,
  context,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('regular@brizo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  const presence = (await context.cookies()).find((cookie) => cookie.name === PRESENCE);
  expect(presence).toMatchObject({ value: '1', httpOnly: false });

  await page.reload();
  const main = new MainAppPage(page);
  await expect(main.email).toHaveText('regular@brizo.test');

  await main.logout();
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
  expect((await context.cookies()).find((cookie) => cookie.name === PRESENCE)).toBeUndefined();
  // Signed out again: a reload of /app sends to login without trying a refresh.
  const problems = await watch(page);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/account\/login/, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  expect(problems.refreshCalls).toBe(0);
  expect(problems.consoleErrors).toEqual([]);
});

test('the admin portal loads every section without a policy violation (issue 10)', async ({ page }) => {
  const problems = await watch(page);
  const portal = new AdminPortalPage(page);
  await portal.signInAndOpen('admin@brizo.test', DEMO_PASSWORD);
  for (const label of ['Profile', 'Privacy', 'Users', 'Groups', 'Roles', 'Security']) {
    await portal.navLink(label).click();
    await page.waitForLoadState('networkidle');
  }
  expect(problems.violations).toEqual([]);
  expect(problems.consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});
