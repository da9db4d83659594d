import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { RESET_FAILED_MESSAGE, RESET_SUCCESS_MESSAGE, ResetPasswordPage } from './reset-password-page';

const sdk = vi.hoisted(() => ({
  step: 'resetPasswordPage',
  error: null as string | null,
  resetPassword: vi.fn(),
  loadPasswordConfig: vi.fn(),
  reset: vi.fn(),
}));

vi.mock('../../sdk', () => ({
  useForgotPassword: () => ({
    step: sdk.step,
    loading: false,
    error: sdk.error,
    passwordConfig: null,
    sendResetEmail: vi.fn(),
    resetPassword: sdk.resetPassword,
    loadPasswordConfig: sdk.loadPasswordConfig,
    reset: sdk.reset,
  }),
}));

beforeEach(() => {
  vi.clearAllMocks();
  sdk.step = 'resetPasswordPage';
  sdk.error = null;
});

const supportLink = () => screen.queryByRole('link', { name: 'Contact Support' });

describe("reset password page: 'Contact Support' on a failed reset (SPEC section 2)", () => {
  it('a link without userId and token fails with the SPEC text and the support address', () => {
    renderScreen(<ResetPasswordPage />, { route: '/account/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_FAILED_MESSAGE);
    expect(supportLink()).toHaveAttribute('href', 'mailto:support@brizo.test');
  });

  it('a valid-looking link shows the form without the support link', () => {
    renderScreen(<ResetPasswordPage />, { route: '/account/reset-password?userId=u1&token=t1' });
    expect(sdk.loadPasswordConfig).toHaveBeenCalledWith('u1');
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeInTheDocument();
    expect(supportLink()).not.toBeInTheDocument();
  });

  it('after a reset the success message shows, without the support link', () => {
    sdk.step = 'resetPasswordSuccess';
    renderScreen(<ResetPasswordPage />, { route: '/account/reset-password?userId=u1&token=t1' });
    expect(screen.getByRole('status')).toHaveTextContent(RESET_SUCCESS_MESSAGE);
    expect(supportLink()).not.toBeInTheDocument();
  });

  // user-event on a busy two-core machine can pass vitest's 5 s default.
  it(
    'walk-through defects: a refused reset says the SPEC text once, with any other reason under it',
    { timeout: 20_000 },
    async () => {
      const { rerender } = renderScreen(<ResetPasswordPage />, {
        route: '/account/reset-password?userId=u1&token=t1',
      });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/^New Password/), 'Fresh-menu-2027!');
      await user.type(screen.getByLabelText(/^Confirm New Password/), 'Fresh-menu-2027!');
      await user.click(screen.getByRole('button', { name: 'Reset password' }));
      expect(sdk.resetPassword).toHaveBeenCalledTimes(1);

      sdk.error = RESET_FAILED_MESSAGE;
      rerender(<ResetPasswordPage />);
      expect(screen.getByRole('alert')).toHaveTextContent(RESET_FAILED_MESSAGE);
      expect(screen.getAllByText(RESET_FAILED_MESSAGE)).toHaveLength(1);

      sdk.error = 'Password was used recently';
      rerender(<ResetPasswordPage />);
      expect(screen.getByRole('alert')).toHaveTextContent(RESET_FAILED_MESSAGE);
      expect(screen.getByRole('alert')).toHaveTextContent('Password was used recently');
    },
  );
});
