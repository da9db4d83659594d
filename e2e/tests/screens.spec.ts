import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the Olo partner page invites a sign-up carrying source=olo', async ({ page }) => {
  await page.goto('/olo');
  await expect(page.getByText('Olo').first()).toBeVisible();
  await page
    .getByRole('link', { name: /sign up|get started|free trial/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/account\/sign-up\?source=olo/);
  await expect(page.getByRole('heading', { name: 'Get started for free!' })).toBeVisible();
});

test('an unauthenticated visitor to a product page is sent to the login page', async ({ page }) => {
  await page.goto('/trial-started');
  await expect(page).toHaveURL(/\/account\/login/);
});

for (const path of ['/account/login', '/account/sign-up', '/account/forget-password']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('#root form').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(
      serious.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(' | ')}`,
      ),
    ).toEqual([]);
  });
}

test('the login box fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/account/login');
  // The app's own card: the page's HTML carries an inert copy (the static shell) until it replaces it.
  const form = page.locator('#root form').first();
  await expect(form).toBeVisible();
  const box = await form.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});
