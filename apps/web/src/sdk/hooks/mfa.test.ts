import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useMfaFlow } from './mfa';

const stores = vi.hoisted(() => ({
  login: { email: '' } as { email?: string },
  stepUp: {
    mfaDevices: { webauthn: [], phones: [], authenticators: [], emails: [{ email: 'cook@foodco.example' }] },
  },
}));

vi.mock('@frontegg/react-hooks', () => ({
  useLoginState: () => stores.login,
  useStepUpState: () => stores.stepUp,
  useMfaState: () => ({ step: 'emailVerifyCode' }),
  useLoginActions: () => ({}),
  useStepUpActions: () => ({}),
  useAuthActions: () => ({}),
  useMfaActions: () => ({}),
}));

describe('useMfaFlow: where an email code goes', () => {
  it("names the user's email factor in a step-up, which has no login form", () => {
    expect(renderHook(() => useMfaFlow(true)).result.current.email).toBe('cook@foodco.example');
  });

  it('names the email typed into the login form when signing in', () => {
    stores.login = { email: 'chef@foodco.example' };
    expect(renderHook(() => useMfaFlow()).result.current.email).toBe('chef@foodco.example');
  });

  it('names none rather than an empty address', () => {
    stores.login = { email: '' };
    expect(renderHook(() => useMfaFlow()).result.current.email).toBeNull();
  });
});
