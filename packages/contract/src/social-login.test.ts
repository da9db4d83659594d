import { describe, expect, it } from 'vitest';
import { decodeSocialLoginState, encodeSocialLoginState } from './social-login.js';

describe('social login state (issue 13)', () => {
  it('carries the provider and the server record through the provider', () => {
    const text = encodeSocialLoginState({ provider: 'github', id: 'abc-123' });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSocialLoginState(text)).toEqual({ provider: 'github', id: 'abc-123' });
  });

  it('is null for anything that is not one of ours', () => {
    for (const text of [
      '',
      'not base64 !',
      btoa('{"provider":"myspace","id":"x"}'),
      btoa('[]'),
      btoa('{"provider":"google"}'),
    ]) {
      expect(decodeSocialLoginState(text), text).toBeNull();
    }
  });
});
