import { describe, expect, it } from 'vitest';
import { isLoginBoxPath, usesHostedLogin } from './hosted-login';

describe('hosted login: which pages are the login box', () => {
  it.each(['/account/login', '/account/sign-up', '/account/forget-password', '/account/activate'])(
    '%s is the login box (always embedded)',
    (path) => {
      expect(isLoginBoxPath(path)).toBe(true);
      expect(usesHostedLogin(true, path)).toBe(false);
    },
  );

  it.each(['/', '/app', '/trial-started', '/oauth/callback', '/account/logout'])(
    '%s is the application (hosted when configured)',
    (path) => {
      expect(isLoginBoxPath(path)).toBe(false);
      expect(usesHostedLogin(true, path)).toBe(true);
      expect(usesHostedLogin(false, path)).toBe(false);
      expect(usesHostedLogin(undefined, path)).toBe(false);
    },
  );
});
