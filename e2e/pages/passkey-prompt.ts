import { expect, type Page } from '@playwright/test';

/** The passkey prompt after a password login (step promptPasskeys). */
export class PasskeyPrompt {
  constructor(private readonly page: Page) {}

  get heading() {
    return this.page.getByRole('heading', { name: 'Sign in faster with a passkey' });
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 20_000 });
  }

  async addPasskey(): Promise<void> {
    await this.page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(this.page.getByText('Passkey added')).toBeVisible();
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  async notNow(): Promise<void> {
    await this.page.getByRole('button', { name: 'Not now' }).click();
  }

  async dontShowAgain(): Promise<void> {
    await this.page.getByRole('button', { name: "Don't show again" }).click();
  }
}
