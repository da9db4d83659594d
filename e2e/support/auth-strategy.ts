import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, E2E_BASE_URL } from './env';

const API = '/frontegg/identity/resources';

/**
 * Changes the vendor's main sign-in strategy through the admin endpoint, as the vendor
 * (super@brizo.test: a tenant's Admin may not change a vendor-wide setting). Journeys that change it
 * run in the serialized `server-wide` project (playwright.config.ts) and put EmailAndPassword back
 * when they finish.
 */
export class AuthStrategyAdmin {
  private constructor(private readonly api: APIRequestContext) {}

  /** Signs the vendor in while the password strategy is active (call before changing it). */
  static async signIn(): Promise<AuthStrategyAdmin> {
    const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
    const login = await api.post(`${API}/auth/v1/user`, {
      data: { email: 'super@brizo.test', password: DEMO_PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    return new AuthStrategyAdmin(api);
  }

  async use(strategy: string): Promise<void> {
    // Access tokens live 8 s in the journeys: take a fresh one from the refresh cookie every time.
    const refreshed = await this.api.post(`${API}/auth/v1/user/token/refresh`, { data: {} });
    expect(refreshed.status(), await refreshed.text()).toBe(200);
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    const response = await this.api.put(`${API}/configurations/v1/auth/strategies`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { mainAuthStrategies: [{ strategy }] },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  async dispose(): Promise<void> {
    await this.use('EmailAndPassword');
    await this.api.dispose();
  }
}

/** Gives an account a phone number (dev fixture), for SMS sign-in. */
export async function setPhoneNumber(
  api: APIRequestContext,
  email: string,
  phoneNumber: string,
): Promise<void> {
  const response = await api.put('/dev/api/users/phone-number', { data: { email, phoneNumber } });
  expect(response.status(), await response.text()).toBe(200);
}
