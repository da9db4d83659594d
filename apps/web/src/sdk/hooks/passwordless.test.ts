import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePasswordlessActions, usePasswordlessState } from './passwordless';
import { useUsernameLogin } from './username-login';

// What the store is told and what the code step posts (issue 3). The browser journeys in
// e2e/tests/passwordless-username.spec.ts run the same against the real store and server.
const store = vi.hoisted(() => ({
  strategy: 'UsernameAndCode',
  loginState: { loading: false, error: undefined, email: undefined, phoneNumber: undefined } as {
    loading: boolean;
    error: undefined;
    email?: string;
    phoneNumber?: string;
  },
  actions: {
    preLogin: vi.fn(),
    login: vi.fn(),
    passwordlessPreLogin: vi.fn(),
    passwordlessPostLogin: vi.fn(),
    quickSmsPasswordlessPreLogin: vi.fn(),
  },
}));

vi.mock('@frontegg/react-hooks', () => ({
  useLoginActions: () => store.actions,
  useLoginState: () => store.loginState,
  useSecurityPolicyState: () => ({ publicPolicy: { policy: { authStrategy: store.strategy } } }),
}));

beforeEach(() => {
  store.strategy = 'UsernameAndCode';
  store.loginState = { loading: false, error: undefined };
  vi.clearAllMocks();
});

const hooks = () =>
  renderHook(() => ({
    byUsername: useUsernameLogin(),
    state: usePasswordlessState(),
    actions: usePasswordlessActions(),
  }));

describe('passwordless sign-in by username (issue 3)', () => {
  it('UsernameAndCode: remembers the username, posts it with the code, and resends to it', async () => {
    const { result } = hooks();
    await act(() => result.current.byUsername.start('ada.l'));
    expect(store.actions.passwordlessPreLogin).toHaveBeenCalledWith({
      type: 'UsernameAndCode',
      username: 'ada.l',
    });
    expect(result.current.state.username).toBe('ada.l');
    expect(result.current.state.sentFor).toEqual({ username: 'ada.l' });

    void result.current.actions.postLogin('Code', '042917', result.current.state.sentFor);
    expect(store.actions.passwordlessPostLogin).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'Code', token: '042917', username: 'ada.l' }),
    );
    void result.current.actions.sendAgain('Code', result.current.state.sentFor);
    expect(store.actions.passwordlessPreLogin).toHaveBeenLastCalledWith({ type: 'Code', username: 'ada.l' });
  });

  it('UsernameAndSms: the texted code goes to the SmsCode post-login with the username', async () => {
    store.strategy = 'UsernameAndSms';
    const { result } = hooks();
    await act(() => result.current.byUsername.start('ada.l'));
    void result.current.actions.postLogin('SmsCode', '555123', result.current.state.sentFor);
    expect(store.actions.passwordlessPostLogin).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'SmsCode', token: '555123', username: 'ada.l' }),
    );
    void result.current.actions.sendAgain('SmsCode', result.current.state.sentFor);
    expect(store.actions.passwordlessPreLogin).toHaveBeenLastCalledWith({
      type: 'SmsCode',
      username: 'ada.l',
    });
  });

  it('an email or a phone number the store keeps outranks a username typed earlier', async () => {
    const { result, rerender } = hooks();
    await act(() => result.current.byUsername.start('ada.l'));
    await act(() => result.current.byUsername.start('ada@acme.test'));
    expect(store.actions.passwordlessPreLogin).toHaveBeenLastCalledWith({
      type: 'UsernameAndCode',
      email: 'ada@acme.test',
    });
    expect(result.current.state.username).toBeUndefined();

    store.loginState = { loading: false, error: undefined, email: 'ada@acme.test' };
    rerender();
    expect(result.current.state.sentFor).toEqual({ email: 'ada@acme.test' });
    store.loginState = { loading: false, error: undefined, phoneNumber: '+15550100199' };
    rerender();
    expect(result.current.state.sentFor).toEqual({ phoneNumber: '+15550100199' });
    void result.current.actions.sendAgain('SmsCode', result.current.state.sentFor);
    expect(store.actions.quickSmsPasswordlessPreLogin).toHaveBeenCalledWith({
      userId: '',
      phoneNumber: '+15550100199',
    });
  });

  it('UsernameAndPassword keeps the store pre-login (password step next)', async () => {
    store.strategy = 'UsernameAndPassword';
    const { result } = hooks();
    await act(() => result.current.byUsername.start('ada.l'));
    expect(store.actions.preLogin).toHaveBeenCalledWith({ username: 'ada.l' });
    expect(store.actions.passwordlessPreLogin).not.toHaveBeenCalled();
  });
});
