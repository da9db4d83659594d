import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, E2E_BASE_URL } from './env';

const CONFIGURATIONS = '/frontegg/identity/resources/configurations/v1';

export interface SignUpStrategy {
  strategy: 'email' | 'phoneNumber' | 'username';
  isActive: boolean;
  isRequired: boolean;
}

export const EMAIL_ONLY: SignUpStrategy[] = [
  { strategy: 'email', isActive: true, isRequired: true },
  { strategy: 'phoneNumber', isActive: false, isRequired: false },
  { strategy: 'username', isActive: false, isRequired: false },
];

/**
 * The vendor's sign-up settings (identifiers, activation by link or code, main sign-in strategy),
 * changed as the vendor (super@brizo.test). Server-wide: the journeys using it run one at a time
 * (playwright.config.ts) and `restore()` puts every default back.
 */
export class SignUpSettings {
  private constructor(private readonly api: APIRequestContext) {}

  static async signIn(): Promise<SignUpSettings> {
    const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
    const login = await api.post('/frontegg/identity/resources/auth/v1/user', {
      data: { email: 'super@brizo.test', password: DEMO_PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    return new SignUpSettings(api);
  }

  private async put(path: string, data: unknown): Promise<void> {
    // Access tokens live 8 s in the journeys: take a fresh one from the refresh cookie every time.
    const refreshed = await this.api.post('/frontegg/identity/resources/auth/v1/user/token/refresh', {
      data: {},
    });
    expect(refreshed.status(), await refreshed.text()).toBe(200);
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    const response = await this.api.put(`${CONFIGURATIONS}${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data,
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  strategies(strategies: SignUpStrategy[]): Promise<void> {
    return this.put('/sign-up/strategies', strategies);
  }

  activation(activationMethod: 'link' | 'code'): Promise<void> {
    return this.put('/sign-up/activation', { activationMethod });
  }

  mainAuthStrategy(strategy: string): Promise<void> {
    return this.put('/auth/strategies', { mainAuthStrategies: [{ strategy }] });
  }

  async restore(): Promise<void> {
    await this.strategies(EMAIL_ONLY);
    await this.activation('link');
    await this.mainAuthStrategy('EmailAndPassword');
    await this.api.dispose();
  }
}
