import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { isSameOriginRequest } from './cross-site-guard.js';

const request = (headers: Record<string, string>, host = 'localhost:3000') =>
  ({ headers, protocol: 'http', host }) as unknown as FastifyRequest;

describe('issue 10: isSameOriginRequest', () => {
  const configured = loadConfig({ PUBLIC_URL: 'https://id.brizo.example/' });

  it('takes the PUBLIC_URL origin, not the address the request came in at', () => {
    expect(isSameOriginRequest(configured, request({ origin: 'https://id.brizo.example' }))).toBe(true);
    expect(isSameOriginRequest(configured, request({ origin: 'http://localhost:3000' }))).toBe(false);
    expect(isSameOriginRequest(configured, request({ origin: 'https://app.brizo.example' }))).toBe(false);
  });

  it('without PUBLIC_URL takes the origin the request came in at, as /app-config.js does', () => {
    const unset = loadConfig({});
    expect(
      isSameOriginRequest(unset, request({ origin: 'http://192.168.1.5:3000' }, '192.168.1.5:3000')),
    ).toBe(true);
    expect(isSameOriginRequest(unset, request({ origin: 'http://localhost:3001' }))).toBe(false);
  });

  it('adds the WEB_APP_ORIGINS of a web app served elsewhere', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://id.brizo.example',
      WEB_APP_ORIGINS: 'https://app.brizo.example, http://localhost:5173',
    });
    const site = { 'sec-fetch-site': 'same-origin' };
    expect(isSameOriginRequest(config, request({ origin: 'https://app.brizo.example', ...site }))).toBe(true);
    expect(isSameOriginRequest(config, request({ origin: 'http://localhost:5173', ...site }))).toBe(true);
    expect(isSameOriginRequest(config, request({ origin: 'https://other.brizo.example', ...site }))).toBe(
      false,
    );
  });

  it('believes Sec-Fetch-Site over a matching Origin, and refuses `null`', () => {
    const own = 'https://id.brizo.example';
    expect(isSameOriginRequest(configured, request({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
    for (const site of ['same-site', 'cross-site', 'none']) {
      expect(isSameOriginRequest(configured, request({ origin: own, 'sec-fetch-site': site }))).toBe(false);
      expect(isSameOriginRequest(configured, request({ 'sec-fetch-site': site }))).toBe(false);
    }
    expect(
      isSameOriginRequest(configured, request({ origin: 'null', 'sec-fetch-site': 'same-origin' })),
    ).toBe(false);
  });

  it('lets a client that is not a browser (neither header) through', () => {
    expect(isSameOriginRequest(configured, request({}))).toBe(true);
  });

  it('refuses WEB_APP_ORIGINS entries that are not bare origins', () => {
    expect(() => loadConfig({ WEB_APP_ORIGINS: 'https://app.brizo.example/path' })).toThrow(
      /WEB_APP_ORIGINS/,
    );
    expect(() => loadConfig({ WEB_APP_ORIGINS: 'app.brizo.example' })).toThrow(/WEB_APP_ORIGINS/);
  });
});
