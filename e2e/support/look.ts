import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The widths every fixed screen is walked at: desktop, and a 390 px phone. */
export const WIDTHS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** A screenshot attached to the report (and kept in the test's output folder). */
export async function shoot(page: Page, name: string): Promise<void> {
  await nextFrame(page);
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** axe finds no violation at all on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    })),
  ).toEqual([]);
}

/** Nothing on the page is wider than the window: no sideways scrolling, nothing cut off at the edge. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  await nextFrame(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The element is shown whole, inside the window's width (not cut off or pushed past the edge). */
export async function expectInsideWindow(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}
