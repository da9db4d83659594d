import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginBoxLook, LoginStepName } from '../../sdk';
import { renderScreen } from '../../testing/render';
import type * as Passwordless from '../passwordless';
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
  look: { placement: 'bottom' } as LoginBoxLook | undefined,
  lookTenantId: vi.fn(),
  socialLoginsOffered: false,
}));

vi.mock('../../sdk', () => ({
  usePasskeysOffered: () => false,
  useSocialLoginsOffered: () => sdk.socialLoginsOffered,
  usePublicAuthStrategy: () => 'EmailAndPassword',
  useLoginBoxLook: (tenantId: string | null) => {
    sdk.lookTenantId(tenantId);
    return sdk.look;
  },
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

// The other ways to sign in (here the phone number option) stand in for what the placement moves.
vi.mock('../passwordless', async (importOriginal) => ({
  ...(await importOriginal<typeof Passwordless>()),
  QuickSmsOption: () => <button type="button">Sign in with your phone number instead</button>,
}));

// The social buttons (tested in features/social-login) stand in by their placement.
vi.mock('../social-login', () => ({
  SocialLoginButtons: ({ placement }: { placement: string }) => (
    <a href="https://idp.example.test/authorize">Continue with Google ({placement})</a>
  ),
}));

function showStep(step: LoginStepName, route = '/account/login') {
  sdk.step = step;
  return renderScreen(<LoginPage />, {
    route,
    config: { salesEmail: 'sales@example.test' },
  });
}

beforeEach(() => {
  sdk.step = 'preLogin';
  sdk.loading = false;
  sdk.error = null;
  sdk.acceptsUsername = false;
  sdk.look = { placement: 'bottom' };
  sdk.socialLoginsOffered = false;
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

  it('issue 13: loginWithSSOFailed says so, with the way back to the sign-in form', async () => {
    const user = userEvent.setup();
    showStep('loginWithSSOFailed');
    expect(
      screen.getByRole('heading', { name: "We couldn't sign you in with single sign-on" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your company's sign-in page did not confirm who you are",
    );
    expect(screen.queryByRole('link', { name: 'Contact sales' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(sdk.restart).toHaveBeenCalled();
  });

  it('issue 13: the redirectToSSO step says where the browser is going', () => {
    showStep('redirectToSSO');
    expect(screen.getByRole('heading', { name: 'Single sign-on' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("Redirecting you to your company's sign-in page...");
  });

  it('issue 13: social buttons only when the vendor has an active social login', async () => {
    showStep('preLogin');
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
    cleanup();
    sdk.socialLoginsOffered = true;
    showStep('preLogin');
    expect(await screen.findByRole('link', { name: 'Continue with Google (bottom)' })).toBeInTheDocument();
  });

  it('says clearly when a step is not available yet', async () => {
    const user = userEvent.setup();
    // A step a newer SDK may add before this box has a screen for it.
    showStep('loginWithFutureStep' as LoginStepName);
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

  describe("opened through an account's login address (custom login box)", () => {
    const LOGO = 'data:image/png;base64,iVBORw0KGgo=';

    it("shows the account's logo instead of the product's, and its colour on the primary actions", () => {
      sdk.look = { logo: LOGO, primaryColor: '#7048e8', placement: 'bottom' };
      showStep('preLogin', '/account/login?tenantId=7f1c2d9e-0000-4000-8000-000000000001');
      expect(sdk.lookTenantId).toHaveBeenCalledWith('7f1c2d9e-0000-4000-8000-000000000001');
      expect(screen.getByRole('img', { name: 'Company logo' })).toHaveAttribute('src', LOGO);
      expect(screen.queryByRole('img', { name: 'Brizo FoodMetrics' })).not.toBeInTheDocument();
      const main = screen.getByRole('main');
      expect(main).toHaveAttribute('data-account-primary');
      expect(main.style.getPropertyValue('--account-primary')).toBe('#7048e8');
      // The SPEC's texts stay.
      expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    });

    it('keeps the product look without a tenantId, and waits for the look before showing the form', () => {
      showStep('preLogin');
      expect(sdk.lookTenantId).toHaveBeenCalledWith(null);
      expect(screen.getByRole('img', { name: 'Brizo FoodMetrics' })).toBeInTheDocument();
      expect(screen.getByRole('main')).not.toHaveAttribute('data-account-primary');
      cleanup();

      sdk.look = undefined;
      showStep('preLogin', '/account/login?tenantId=7f1c2d9e-0000-4000-8000-000000000001');
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      expect(screen.queryByLabelText(/Email/)).not.toBeInTheDocument();
    });

    const precedes = (first: Element, second: Element) =>
      (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

    it('puts the other ways to sign in above or below the form, as the account chose', () => {
      const phoneOption = 'Sign in with your phone number instead';

      showStep('preLogin');
      const below = screen.getByRole('button', { name: phoneOption });
      expect(precedes(screen.getByLabelText(/Email/), below)).toBe(true);
      cleanup();

      sdk.look = { placement: 'top' };
      showStep('preLogin', '/account/login?tenantId=7f1c2d9e-0000-4000-8000-000000000001');
      const above = screen.getByRole('button', { name: phoneOption });
      expect(precedes(above, screen.getByLabelText(/Email/))).toBe(true);
    });

    it('issue 13: the social buttons follow the same placement', async () => {
      sdk.socialLoginsOffered = true;
      showStep('preLogin');
      const below = await screen.findByRole('link', { name: 'Continue with Google (bottom)' });
      expect(precedes(screen.getByLabelText(/Email/), below)).toBe(true);
      cleanup();

      sdk.look = { placement: 'top' };
      showStep('preLogin', '/account/login?tenantId=7f1c2d9e-0000-4000-8000-000000000001');
      const above = await screen.findByRole('link', { name: 'Continue with Google (top)' });
      expect(precedes(above, screen.getByLabelText(/Email/))).toBe(true);
    });
  });
});
