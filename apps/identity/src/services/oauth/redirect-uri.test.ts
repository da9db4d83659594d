import { describe, expect, it } from 'vitest';
import { isRegisteredRedirectUri, isWellFormedRedirectUri } from './redirect-uri.js';

const REGISTERED = ['https://app.brizo.test/oauth/callback', 'http://localhost:3000/oauth/callback'];

describe('isRegisteredRedirectUri', () => {
  it.each(REGISTERED)('accepts the registered %s', (uri) => {
    expect(isRegisteredRedirectUri(uri, REGISTERED)).toBe(true);
  });

  it.each([
    'https://evil.test/oauth/callback',
    'https://app.brizo.test@evil.test/oauth/callback',
    'HTTPS://app.brizo.test/oauth/callback',
    'https://APP.brizo.test/oauth/callback',
    'https://app.brizo.test/oauth/callback/../x',
    'https://app.brizo.test//oauth/callback',
    'https://app.brizo.test\\oauth/callback',
    'https://app.brizo.test/oauth/callback?x=1',
    'https://app.brizo.test/oauth/callback#x',
    'https://app.brizo.test:443/oauth/callback',
    undefined,
    42,
  ])('refuses %s', (uri) => {
    expect(isRegisteredRedirectUri(uri, REGISTERED)).toBe(false);
  });
});

describe('isWellFormedRedirectUri (what may be registered at all)', () => {
  it.each([
    'https://app.brizo.test/cb',
    'http://localhost:5173/oauth/callback',
    'https://a.test/cb?tenant=x',
  ])('accepts %s', (uri) => expect(isWellFormedRedirectUri(uri)).toBe(true));

  it.each([
    '',
    '/oauth/callback',
    '//evil.test/cb',
    'javascript:alert(1)',
    'ftp://a.test/cb',
    'https://user:pw@a.test/cb',
    'https://a.test/%2e%2e/cb',
    'https://a.test/cb/.',
    'https://a.test/a%2fb',
    'https://a.test/c b',
    'https://a.test/cb\u0000',
    `https://a.test/${'x'.repeat(3000)}`,
  ])('refuses %j', (uri) => expect(isWellFormedRedirectUri(uri)).toBe(false));
});
