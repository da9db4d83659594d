import type { Page } from '@playwright/test';

export interface SignUpDetails {
  firstName: string;
  lastName: string;
  /** Left out where the form asks for none (a sign-up through an account's invite link). */
  companyName?: string;
  email: string;
}

export class SignUpPage {
  constructor(private readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/account/sign-up${query}`);
  }

  async signUp(details: SignUpDetails): Promise<void> {
    await this.page.getByLabel('First name').fill(details.firstName);
    await this.page.getByLabel('Last name').fill(details.lastName);
    if (details.companyName !== undefined) {
      await this.page.getByLabel('Company name').fill(details.companyName);
    }
    await this.page.getByLabel('Work email').fill(details.email);
    await this.page.getByRole('checkbox').check();
    await this.page.getByRole('button', { name: /sign up/i }).click();
  }
}
