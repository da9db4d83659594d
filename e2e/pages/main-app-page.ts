import { expect, type Page } from '@playwright/test';

/** The stand-in main application at /app. */
export class MainAppPage {
  constructor(private readonly page: Page) {}

  get email() {
    return this.page.getByTestId('main-app-email');
  }

  get tenant() {
    return this.page.getByTestId('main-app-tenant');
  }

  async switchTenant(name: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Switch account' }).click();
    await this.page.getByRole('option', { name }).click();
    await expect(this.tenant).toHaveText(name);
  }

  async logout(): Promise<void> {
    await this.page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  }
}
