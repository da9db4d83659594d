import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

const origin = 'https://brizo.example.test';

describe('readConfig', () => {
  it('requires baseUrl', () => {
    expect(readConfig(undefined, origin)).toEqual({ ok: false, missing: 'baseUrl' });
    expect(readConfig({ baseUrl: '' }, origin)).toEqual({ ok: false, missing: 'baseUrl' });
    expect(readConfig({ baseUrl: 42 }, origin)).toEqual({ ok: false, missing: 'baseUrl' });
  });

  it('fills the optional options with the server defaults', () => {
    expect(readConfig({ baseUrl: 'https://api.example.test/' }, origin)).toEqual({
      ok: true,
      config: {
        baseUrl: 'https://api.example.test',
        clientId: undefined,
        mainAppUrl: `${origin}/app`,
        salesEmail: 'sales@brizo.test',
        supportEmail: 'support@brizo.test',
        gtmContainerId: undefined,
        trialDays: 14,
        previewMode: false,
        hostedLogin: false,
        allowedRedirectOrigins: [],
        adminPortalTarget: 'sameWindow',
      },
    });
  });

  it('reads hosted login and the allowed redirect origins (issue 3)', () => {
    const result = readConfig(
      { baseUrl: origin, hostedLogin: true, allowedRedirectOrigins: ['https://app.example.test', 7] },
      origin,
    );
    expect(result.ok && result.config.hostedLogin).toBe(true);
    expect(result.ok && result.config.allowedRedirectOrigins).toEqual(['https://app.example.test']);
    const notBoolean = readConfig({ baseUrl: origin, hostedLogin: 'yes' }, origin);
    expect(notBoolean.ok && notBoolean.config.hostedLogin).toBe(false);
  });

  it('keeps the given options', () => {
    const result = readConfig(
      {
        baseUrl: origin,
        clientId: 'client',
        mainAppUrl: 'https://app.example.test',
        salesEmail: 'sales@example.test',
        supportEmail: 'help@example.test',
        gtmContainerId: 'GTM-ABC123',
        trialDays: 30,
        previewMode: true,
        adminPortalTarget: 'newTab',
      },
      origin,
    );
    expect(result).toMatchObject({
      ok: true,
      config: {
        clientId: 'client',
        mainAppUrl: 'https://app.example.test',
        trialDays: 30,
        previewMode: true,
        adminPortalTarget: 'newTab',
      },
    });
  });
});
