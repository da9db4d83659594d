import { describe, expect, it } from 'vitest';
import { decideRedirectUrl, DIFFERENT_SITE_WARNING, type RedirectUrlPolicy } from './redirect-url';

const HERE = 'https://login.brizo.test';
const policy = (overrides: Partial<RedirectUrlPolicy> = {}): RedirectUrlPolicy => ({
  currentOrigin: HERE,
  enforceSameSite: true,
  allowedOrigins: ['https://app.brizo.test'],
  ...overrides,
});

describe('decideRedirectUrl (SPEC section 5)', () => {
  it.each([
    ['a path on this origin', '/frontegg/oauth/authorize?client_id=x', policy()],
    ['an absolute URL on this origin', `${HERE}/app?x=1`, policy()],
    ['this origin even without enforcement', `${HERE}/trial-started`, policy({ enforceSameSite: false })],
    ['an allowed origin when enforcement is on', 'https://app.brizo.test/dashboard', policy()],
  ])('honours %s', (_name, url, rule) => {
    expect(decideRedirectUrl(url, rule)).toEqual({ honoured: true, url });
  });

  it.each([
    ['another site', 'https://evil.test/', policy()],
    [
      'an allowed origin when enforcement is off',
      'https://app.brizo.test/',
      policy({ enforceSameSite: false }),
    ],
    ['a look-alike host', 'https://login.brizo.test.evil.test/', policy()],
    ['another scheme of this host', 'http://login.brizo.test/', policy()],
    ['another port of this host', 'https://login.brizo.test:8443/', policy()],
    ['a protocol-relative URL', '//evil.test/path', policy()],
    ['a backslash form', '/\\evil.test/path', policy()],
    ['userinfo', `https://user@login.brizo.test/`, policy()],
    ['javascript:', 'javascript:alert(1)', policy()],
    ['data:', 'data:text/html,<script>alert(1)</script>', policy()],
  ])('refuses %s with the different-site warning', (_name, url, rule) => {
    expect(decideRedirectUrl(url, rule)).toEqual({ honoured: false, warning: DIFFERENT_SITE_WARNING });
  });

  it.each([null, '', '   '])('ignores a missing redirect URL (%j) silently', (url) => {
    expect(decideRedirectUrl(url, policy())).toEqual({ honoured: false, warning: null });
  });
});
