import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';

/** The admin portal: its navigation of sections and the section shown beside it. */
export class AdminPortalPage {
  constructor(private readonly page: Page) {}

  /**
   * Signs in on the login page, then opens the portal (at a section, if given) once the login box
   * has finished its own redirect to the main application: opening the portal earlier lets that
   * late redirect take the page away.
   */
  async signInAndOpen(email: string, password: string, section?: string): Promise<void> {
    const login = new LoginPage(this.page);
    await login.goto();
    await login.signIn(email, password);
    await this.page.waitForURL((url) => url.pathname.startsWith('/app'));
    await this.open(section);
  }

  async open(section?: string): Promise<void> {
    await this.page.goto(section ? `/admin-portal/${section}` : '/admin-portal');
    await expect(this.navigation).toBeVisible();
  }

  get navigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Admin portal sections' });
  }

  navLink(label: string): Locator {
    return this.navigation.getByRole('link', { name: label, exact: true });
  }

  async goToSection(label: string): Promise<void> {
    await this.navLink(label).click();
    await expect(this.heading(label)).toBeVisible();
  }

  /** Exact: "API tokens" must not match the "Personal API tokens" page still on screen. */
  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  get noAccess(): Locator {
    return this.page.getByText('You do not have access to this section');
  }
}
