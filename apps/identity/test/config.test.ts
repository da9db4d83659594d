import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, packageRoot } from '../src/config.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      publicUrlConfigured: false,
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 2592000,
      trialDays: 14,
      devTools: true,
      demoAccounts: true,
      webDist: path.resolve(packageRoot, '../web/dist'),
      clientId: 'brizo-access',
      salesEmail: 'sales@brizo.test',
      supportEmail: 'support@brizo.test',
      rateLimitMax: 300,
      logLevel: 'info',
    });
  });

  it('reads the variables', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://brizo.example/',
      DATABASE_URL: 'postgres://u@db:5432/brizo',
      DEV_TOOLS: 'off',
      DEMO_ACCOUNTS: '0',
      TRIAL_DAYS: '30',
      RATE_LIMIT_MAX: '100000',
      GTM_CONTAINER_ID: 'GTM-X1',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://brizo.example',
      devTools: false,
      demoAccounts: false,
      trialDays: 30,
      rateLimitMax: 100000,
      gtmContainerId: 'GTM-X1',
    });
  });

  it('turns dev tools off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'true' }).devTools).toBe(true);
  });

  it('never creates the demo accounts in production (issue 10)', () => {
    expect(loadConfig({}).demoAccounts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoAccounts).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_ACCOUNTS: 'true' })).toThrow(
      /DEMO_ACCOUNTS="true": the demo accounts are never created when NODE_ENV=production/,
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://x'],
    ['ACCESS_TOKEN_TTL_SECONDS', '-5'],
    ['TRIAL_DAYS', '1.5'],
    ['SMTP_URL', 'http://mail'],
    ['DEV_TOOLS', 'maybe'],
    ['DEMO_ACCOUNTS', 'yes please'],
    ['GTM_CONTAINER_ID', 'UA-123'],
    ['SALES_EMAIL', 'sales'],
    ['CLIENT_ID', 'has spaces'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_PORTAL_TARGET', 'popup'],
    ['PREVIEW_MODE', 'sometimes'],
  ])('a bad %s=%s stops with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', TRIAL_DAYS: 'y' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/PORT=.*\n.*TRIAL_DAYS=/s);
    }
  });
});
