import type { Page } from '@playwright/test';

/** The new-password + confirmation form shared by activation and password reset. */
export async function fillNewPassword(page: Page, password: string): Promise<void> {
  const fields = page.locator('input[type="password"]');
  await fields.nth(0).fill(password);
  await fields.nth(1).fill(password);
  await fields.nth(1).press('Enter');
}
