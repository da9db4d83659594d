import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishFeatureFlags } from './feature-flags';
import { usePasskeysOffered } from './passkeys';

const policy = vi.hoisted(() => ({ passkeysActive: true }));

vi.mock('@frontegg/react-hooks', () => ({
  useSecurityPolicyState: () => ({
    publicAuthStrategyPolicy: {
      policy: { secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: policy.passkeysActive }] },
    },
  }),
}));

describe("the login box's passkey option (SPEC section 9 'show-passkeys-new', issue 15)", () => {
  afterEach(() => {
    publishFeatureFlags(null);
    policy.passkeysActive = true;
  });

  it('is offered when the vendor offers passkeys and the flag is on (the default)', () => {
    expect(renderHook(() => usePasskeysOffered()).result.current).toBe(true);
  });

  it('is not offered with the flag off, nor when the vendor does not offer passkeys', () => {
    const { result } = renderHook(() => usePasskeysOffered());
    act(() => publishFeatureFlags({ 'show-passkeys-new': 'off' }));
    expect(result.current).toBe(false);
    act(() => publishFeatureFlags(null));
    policy.passkeysActive = false;
    expect(renderHook(() => usePasskeysOffered()).result.current).toBe(false);
  });
});
