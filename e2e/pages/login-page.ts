import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/account/login');
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email', { exact: false }).first().fill(email);
    await this.page.getByRole('button', { name: /continue/i }).click();
    const passwordInput = this.page.getByRole('textbox', { name: 'Password', exact: true });
    await expect(passwordInput).toBeVisible();
    await passwordInput.fill(password);
    await this.page.getByRole('button', { name: /sign in/i }).click();
  }

  get errorAlert() {
    return this.page.getByRole('alert');
  }
}
