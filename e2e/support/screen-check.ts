import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const WIDTHS = [
  [1280, 720, 'desktop'],
  [390, 844, '390'],
] as const;

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * The screen as it stands, at desktop width and at 390 px: nothing wider than the window, no axe
 * violation, and a screenshot of each attached to the report. The viewport returns to desktop after.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  for (const [width, height, label] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await nextFrame(page);
    // Components that measure themselves (tabs, tables, menus) lay out again a few frames after a resize,
    // later still on a busy machine: the page must settle within the window, and a page that stays wider
    // fails once the poll gives up.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${name} at ${label} is no wider than the window`,
        timeout: 5_000,
      })
      .toBeLessThanOrEqual(width);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
      ),
      `axe on ${name} at ${label}`,
    ).toEqual([]);
    const path = test.info().outputPath(`${name}-${label}.png`);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(`${name}-${label}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
