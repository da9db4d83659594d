import type { Page } from '@playwright/test';

/**
 * Hosted-login mode (SPEC section 7) is a configuration of the web app (HOSTED_LOGIN=true on the
 * server puts `hostedLogin: true` in /app-config.js). Journeys run against the shared e2e server,
 * so they switch it on for their own page by amending the configuration /app-config.js sets.
 */
export async function useHostedLogin(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let config: Record<string, unknown> | undefined;
    Object.defineProperty(window, '__BRIZO_CONFIG__', {
      configurable: true,
      get: () => config,
      set: (value: Record<string, unknown>) => {
        config = { ...value, hostedLogin: true };
      },
    });
  });
}
