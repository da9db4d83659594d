import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isFeatureOn, publishFeatureFlags, useFeatureFlag, useFeatureFlags } from './feature-flags';

describe('feature flags (SPEC section 9, issue 15)', () => {
  afterEach(() => publishFeatureFlags(null));

  it('holds the SPEC defaults until the flags are loaded', () => {
    for (const on of [
      'admin_portal_ip_restrictions',
      'admin_portal_domain_restrictions',
      'new-mfa-pages',
      'show-passkeys-new',
      'groups-admin-box-new',
      'msp-all-accounts-new',
      'temporary-users',
    ])
      expect(isFeatureOn(on), on).toBe(true);
    for (const off of [
      'security-center-show-login-flows',
      'prevent-auth-redirect-on-social-login',
      'multi-apps-admin-portal',
    ])
      expect(isFeatureOn(off), off).toBe(false);
  });

  it('re-renders the screens when the flags arrive', () => {
    const single = renderHook(() => useFeatureFlag('groups-admin-box-new'));
    const all = renderHook(() => useFeatureFlags());
    expect(single.result.current).toBe(true);
    act(() =>
      publishFeatureFlags({ 'groups-admin-box-new': 'off', 'security-center-show-login-flows': 'on' }),
    );
    expect(single.result.current).toBe(false);
    expect(all.result.current('security-center-show-login-flows')).toBe(true);
    // A flag the server does not name keeps its default.
    expect(all.result.current('temporary-users')).toBe(true);
  });
});
