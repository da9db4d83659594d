import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { CodeStep } from './code-step';
import { MagicLinkPage } from './magic-link-page';
import { MagicLinkSentStep } from './magic-link-sent-step';

const sdk = vi.hoisted(() => ({
  state: { loading: false, error: null as string | null, email: 'cook@acme.test' as string | undefined },
  phoneNumber: undefined as string | undefined,
  username: undefined as string | undefined,
  step: 'preLogin',
  strategy: 'Code' as string | undefined,
  isLoading: false,
  postLogin: vi.fn(),
  sendAgain: vi.fn(),
  sendSmsCodeToPhone: vi.fn(),
}));

vi.mock('../../sdk', () => ({
  useAuthState: () => ({ isLoading: sdk.isLoading, isAuthenticated: false, user: null }),
  useLoginStep: () => sdk.step,
  usePublicAuthStrategy: () => sdk.strategy,
}));

vi.mock('../../sdk/hooks/passwordless', () => ({
  // The same choice as the real hook: a phone number, else an email, else a username.
  usePasswordlessState: () => {
    const { email } = sdk.state;
    const { phoneNumber, username } = sdk;
    const sentFor = phoneNumber ? { phoneNumber } : email ? { email } : username ? { username } : {};
    return { ...sdk.state, phoneNumber, username, sentFor };
  },
  usePasswordlessActions: () => ({
    postLogin: sdk.postLogin,
    sendAgain: sdk.sendAgain,
    sendSmsCodeToPhone: sdk.sendSmsCodeToPhone,
  }),
}));

/** The resend pause counts down one second at a time: each tick renders before the next is set. */
async function waitOutResendPause() {
  for (let second = 0; second <= 30; second += 1) await act(() => vi.advanceTimersByTime(1000));
}

beforeEach(() => {
  sdk.state = { loading: false, error: null, email: 'cook@acme.test' };
  sdk.phoneNumber = undefined;
  sdk.username = undefined;
  sdk.step = 'preLogin';
  sdk.strategy = 'Code';
  sdk.isLoading = false;
  vi.clearAllMocks();
  sdk.postLogin.mockReset();
});

describe('code step (loginWithOtc, loginWithSmsOtc, loginWithQuickSmsOtc)', () => {
  it('signs in once the sixth digit is typed, with the email the code was sent to', async () => {
    const user = userEvent.setup();
    renderScreen(<CodeStep type="Code" onRestart={vi.fn()} />);
    expect(screen.getByText(/We emailed a 6-digit code to cook@acme.test/)).toBeInTheDocument();
    const first = screen.getByRole('textbox', { name: /digit 1 of 6/ });
    expect(first).toHaveAttribute('autocomplete', 'one-time-code');
    expect(first).toHaveAttribute('inputmode', 'numeric');
    await user.type(first, '042917');
    expect(sdk.postLogin).toHaveBeenCalledTimes(1);
    expect(sdk.postLogin).toHaveBeenCalledWith('Code', '042917', { email: 'cook@acme.test' });
  });

  it('asks for all six digits before sending anything', async () => {
    const user = userEvent.setup();
    renderScreen(<CodeStep type="Code" onRestart={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: /digit 1 of 6/ }), '123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(sdk.postLogin).not.toHaveBeenCalled();
  });

  it('quick SMS: the code goes with the phone number it was texted to', async () => {
    sdk.phoneNumber = '+15550100199';
    const user = userEvent.setup();
    renderScreen(<CodeStep type="SmsCode" onRestart={vi.fn()} />);
    expect(screen.getByText(/We texted a 6-digit code to \+15550100199/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /digit 1 of 6/ }), '555123');
    expect(sdk.postLogin).toHaveBeenCalledWith('SmsCode', '555123', { phoneNumber: '+15550100199' });
  });

  it('SMS sign-in offers the phone number reset, with the email typed (SPEC section 4 "Phone reset")', () => {
    sdk.strategy = 'SmsCode';
    renderScreen(<CodeStep type="SmsCode" onRestart={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Lost access to your phone?' })).toHaveAttribute(
      'href',
      '/account/reset-phone-number?email=cook%40acme.test',
    );
  });

  it('offers no phone number reset for an emailed code', () => {
    sdk.strategy = 'Code';
    renderScreen(<CodeStep type="Code" onRestart={vi.fn()} />);
    expect(screen.queryByRole('link', { name: 'Lost access to your phone?' })).not.toBeInTheDocument();
  });

  it('UsernameAndCode (issue 3): the code goes with the username, and a resend goes to it too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sdk.state.email = undefined;
      sdk.username = 'ada.l';
      const onRestart = vi.fn();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderScreen(<CodeStep type="Code" onRestart={onRestart} />);
      expect(
        screen.getByText(/We emailed a 6-digit code to the email address of the account ada.l\./),
      ).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: /digit 1 of 6/ }), '042917');
      expect(sdk.postLogin).toHaveBeenCalledWith('Code', '042917', { username: 'ada.l' });

      await waitOutResendPause();
      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(sdk.sendAgain).toHaveBeenCalledWith('Code', { username: 'ada.l' });
      await user.click(screen.getByRole('button', { name: 'Use a different username' }));
      expect(onRestart).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('UsernameAndSms (issue 3): the texted code goes with the username', async () => {
    sdk.state.email = undefined;
    sdk.username = 'ada.l';
    sdk.strategy = 'UsernameAndSms';
    const user = userEvent.setup();
    renderScreen(<CodeStep type="SmsCode" onRestart={vi.fn()} />);
    expect(
      screen.getByText(/We texted a 6-digit code to the phone number of the account ada.l\./),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /digit 1 of 6/ }), '555123');
    expect(sdk.postLogin).toHaveBeenCalledWith('SmsCode', '555123', { username: 'ada.l' });
    expect(screen.getByRole('link', { name: 'Lost access to your phone?' })).toHaveAttribute(
      'href',
      '/account/reset-phone-number',
    );
  });

  it('an emailed code resends to the email typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderScreen(<CodeStep type="Code" onRestart={vi.fn()} />);
      await waitOutResendPause();
      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(sdk.sendAgain).toHaveBeenCalledWith('Code', { email: 'cook@acme.test' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's error and waits before offering a resend", () => {
    sdk.state.error = 'The code is incorrect or has expired';
    renderScreen(<CodeStep type="Code" onRestart={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The code is incorrect or has expired');
    expect(screen.getByText(/You can resend the code in 30 s/)).toBeInTheDocument();
  });
});

describe('magic link', () => {
  it("'check your email' names the address and goes back on request", async () => {
    const onRestart = vi.fn();
    const user = userEvent.setup();
    renderScreen(<MagicLinkSentStep onRestart={onRestart} />);
    expect(screen.getByText('cook@acme.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(onRestart).toHaveBeenCalled();
  });

  it('UsernameAndMagicLink (issue 3): names the account and resends the link to the username', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sdk.state.email = undefined;
      sdk.username = 'ada.l';
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderScreen(<MagicLinkSentStep onRestart={vi.fn()} />);
      expect(screen.getByText('the email address of the account ada.l')).toBeInTheDocument();
      await waitOutResendPause();
      await user.click(screen.getByRole('button', { name: 'Resend link' }));
      expect(sdk.sendAgain).toHaveBeenCalledWith('MagicLink', { username: 'ada.l' });
      expect(screen.getByRole('button', { name: 'Use a different username' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the link page signs in once with the token, after the store has loaded', () => {
    sdk.isLoading = true;
    const { rerender } = renderScreen(<MagicLinkPage />, { route: '/account/login/magic-link?token=abc' });
    expect(sdk.postLogin).not.toHaveBeenCalled();
    sdk.isLoading = false;
    rerender(<MagicLinkPage />);
    rerender(<MagicLinkPage />);
    expect(sdk.postLogin).toHaveBeenCalledTimes(1);
    expect(sdk.postLogin).toHaveBeenCalledWith('MagicLink', 'abc', {}, expect.any(Function));
    expect(screen.getByText('Checking your sign-in link...')).toBeInTheDocument();
  });

  it('a refused link shows why, with a way back to sign in', () => {
    sdk.postLogin.mockImplementation((_type, _token, _identifier, onFailure: () => void) => {
      sdk.state.error = 'This sign-in link is invalid or has expired';
      onFailure();
    });
    renderScreen(<MagicLinkPage />, { route: '/account/login/magic-link?token=used' });
    expect(screen.getByRole('heading', { name: 'Sign-in link not valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in link is invalid or has expired');
  });

  it('shows success while the store waits 5 s (magicLinkPostLoginSuccess)', () => {
    sdk.step = 'magicLinkPostLoginSuccess';
    renderScreen(<MagicLinkPage />, { route: '/account/login/magic-link?token=abc' });
    expect(screen.getByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
  });

  it('a link without a token is invalid, with a way back to sign in', () => {
    renderScreen(<MagicLinkPage />, { route: '/account/login/magic-link' });
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in link is invalid or has expired');
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeInTheDocument();
    expect(sdk.postLogin).not.toHaveBeenCalled();
  });
});
