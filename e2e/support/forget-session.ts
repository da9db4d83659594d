import type { Page } from '@playwright/test';

/**
 * Leaves the browser signed out, as a new visitor: the app's page is closed first, so a token renewal
 * it still had under way cannot answer after the cookies are gone and set the session cookie again
 * (the login page then went on to the signed-in user's destination).
 */
export async function forgetSession(page: Page): Promise<void> {
  if (page.url().startsWith('http')) await page.evaluate(() => window.localStorage.clear());
  await page.goto('about:blank');
  await page.context().clearCookies();
}
