import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT, ACCESS_TOKEN_TTL_SECONDS } from './support/env';

/**
 * Spec files that change server-wide settings: the vendor's sign-in, recovery and MFA strategies,
 * the passkeys strategy, feature flags and the server's clock (lifecycle-password moves it 11 minutes,
 * which expired the MFA tokens of journeys running beside it). They run one at a time (one worker),
 * after every other journey, each restoring what it changed.
 */
const SERVER_WIDE_JOURNEYS =
  /(passwordless-.*|lifecycle-password|trial-expiry|lifecycle-recovery|passkeys|webauthn-mfa|reset-phone-number|sign-up-strategies|sign-up-resend|admin-portal-metadata|admin-portal-flags|account-reauthentication|social-login|feature-flags|superuser-console)\.spec\.ts/;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI, where the whole suite shares two cores: a journey that passes only on its retry is
  // listed as flaky in the report (seen once: the API-token dialog's description came out empty under load).
  retries: process.env.CI ? 1 : 0,
  // The longest journeys (SSO setup with a live test, webhooks, usage reports) take 40–60 s on two busy
  // cores with their screen checks; CI gives each two minutes.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? 'list'
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: SERVER_WIDE_JOURNEYS,
    },
    {
      name: 'server-wide',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: SERVER_WIDE_JOURNEYS,
      dependencies: ['desktop'],
      fullyParallel: false,
      workers: 1,
    },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/health`,
    // E2E_REUSE=1: journeys against a server already started with scripts/e2e-server.mjs (while writing them).
    reuseExistingServer: process.env.E2E_REUSE === '1',
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_URL: E2E_BASE_URL,
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
    },
  },
});
