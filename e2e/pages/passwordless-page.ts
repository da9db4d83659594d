import { expect, type Page } from '@playwright/test';

/** The passwordless steps of the login box: identifier, "check your email", the 6-digit code. */
export class PasswordlessPage {
  constructor(private readonly page: Page) {}

  async start(email: string): Promise<void> {
    await this.page.goto('/account/login');
    await this.page.getByLabel('Email', { exact: false }).first().fill(email);
    await this.page.getByRole('button', { name: /continue/i }).click();
  }

  async startWithPhoneNumber(phoneNumber: string): Promise<void> {
    await this.page.goto('/account/login');
    await this.page.getByRole('button', { name: 'Sign in with your phone number instead' }).click();
    await this.page.getByRole('textbox', { name: 'Phone number' }).fill(phoneNumber);
    await this.page.getByRole('button', { name: 'Text me a code' }).click();
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** Types the code digit by digit, as a person would; the form signs in once the sixth is in. */
  async typeCode(code: string): Promise<void> {
    const first = this.page.getByRole('textbox', { name: /digit 1 of 6/ });
    await expect(first).toBeFocused();
    await this.page.keyboard.type(code);
  }

  /** Pastes the whole code into the first box. */
  async pasteCode(code: string): Promise<void> {
    const first = this.page.getByRole('textbox', { name: /digit 1 of 6/ });
    await first.focus();
    await first.evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
  }
}
