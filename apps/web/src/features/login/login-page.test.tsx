import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginStepName } from '../../sdk';
import { renderScreen } from '../../testing/render';
import { LoginFooter } from './login-footer';
import { LoginPage } from './login-page';

const sdk = vi.hoisted(() => ({
  step: 'preLogin' as string,
  loading: false,
  error: null as string | null,
  preLogin: vi.fn(),
  login: vi.fn(),
  restart: vi.fn(),
  acceptsUsername: false,
  startByUsername: vi.fn(),
  loginByUsername: vi.fn(),
}));

vi.mock('../../sdk', () => ({
  usePasskeysOffered: () => false,
  usePublicAuthStrategy: () => 'EmailAndPassword',
  useUsernameLogin: () => ({
    acceptsUsername: sdk.acceptsUsername,
    start: sdk.startByUsername,
    login: sdk.loginByUsername,
  }),
  useAuthState: () => ({ isLoading: false, isAuthenticated: false, user: null }),
  useLoginState: () => ({ step: sdk.step, loading: sdk.loading, error: sdk.error, email: undefined }),
  useLoginActions: () => ({
    preLogin: sdk.preLogin,
    login: sdk.login,
    restart: sdk.restart,
    clearError: vi.fn(),
  }),
}));

function showStep(step: LoginStepName) {
  sdk.step = step;
  return renderScreen(<LoginPage />, {
    route: '/account/login',
    config: { salesEmail: 'sales@example.test' },
  });
}

beforeEach(() => {
  sdk.step = 'preLogin';
  sdk.loading = false;
  sdk.error = null;
  sdk.acceptsUsername = false;
  vi.clearAllMocks();
});

describe('login footer', () => {
  it('always offers the password reset link', () => {
    renderScreen(<LoginFooter showContactSales={false} salesEmail="sales@example.test" />);
    expect(screen.getByText(/Forgot your password\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset it' })).toHaveAttribute(
      'href',
      '/account/forget-password',
    );
  });

  it("offers 'Contact sales' only with the password box", () => {
    const { rerender } = renderScreen(
      <LoginFooter showContactSales={false} salesEmail="sales@example.test" />,
    );
    expect(screen.queryByRole('link', { name: 'Contact sales' })).not.toBeInTheDocument();

    rerender(<LoginFooter showContactSales salesEmail="sales@example.test" />);
    expect(screen.getByText(/Free trial ended\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
      'href',
      'mailto:sales@example.test',
    );
  });
});

describe('LoginPage', () => {
  it('on the identifier step: no Contact sales, and the email is validated before preLogin', async () => {
    const user = userEvent.setup();
    showStep('preLogin');
    expect(screen.queryByRole('link', { name: 'Contact sales' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset it' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'nope');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Must be a valid email.')).toBeInTheDocument();
    expect(sdk.preLogin).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'trial@brizo.test{Enter}');
    expect(sdk.preLogin).toHaveBeenCalledWith('trial@brizo.test');
  });

  it('on the password step: shows Contact sales, and Enter signs in', async () => {
    const user = userEvent.setup();
    showStep('loginWithPassword');
    expect(screen.getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
      'href',
      'mailto:sales@example.test',
    );

    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'Brizo-demo-2026!{Enter}');
    expect(sdk.login).toHaveBeenCalledWith('', 'Brizo-demo-2026!');
  });

  it("shows the store's error in a form-level alert", () => {
    sdk.error = 'Incorrect email or password';
    showStep('loginWithPassword');
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect email or password');
  });

  it('says clearly when a step is not available yet', async () => {
    const user = userEvent.setup();
    // SSO arrives with a later issue; its failure step has no screen yet.
    showStep('loginWithSSOFailed');
    expect(screen.getByText('This sign-in step is not available yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact sales' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(sdk.restart).toHaveBeenCalled();
  });

  it('under a Username* strategy takes a username (issue 3) and hands it to the username pre-login', async () => {
    sdk.acceptsUsername = true;
    const user = userEvent.setup();
    showStep('preLogin');
    const field = screen.getByLabelText(/Username or email/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Username or email is required.')).toBeInTheDocument();
    await user.type(field, 'ada.l{Enter}');
    expect(sdk.startByUsername).toHaveBeenCalledWith('ada.l');
    expect(sdk.preLogin).not.toHaveBeenCalled();
  });
});
