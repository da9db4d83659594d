import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { PasswordLifecycleStep } from './password-lifecycle-step';
import { describeExpiresIn } from './password-rotation-steps';

const sdk = vi.hoisted(() => ({
  sendBreachedPasswordReset: vi.fn(),
  continueAfterLogin: vi.fn(),
  setNewPassword: vi.fn(),
  signIn: vi.fn(),
  changePassword: vi.fn(),
  restart: vi.fn(),
  passwordExpiresIn: (3 * 24 * 60) as number | undefined,
}));

vi.mock('../../sdk', () => ({
  describeError: (error: unknown) => (error instanceof Error ? error.message : String(error)),
  usePasswordLifecycle: () => ({
    email: 'stored@foodco.example',
    loading: false,
    error: null,
    resetPasswordToken: 'reset-token',
    userId: 'user-1',
    passwordExpiresIn: sdk.passwordExpiresIn,
    sendBreachedPasswordReset: sdk.sendBreachedPasswordReset,
    setNewPassword: sdk.setNewPassword,
    changePassword: sdk.changePassword,
    continueAfterLogin: sdk.continueAfterLogin,
    signIn: sdk.signIn,
    restart: sdk.restart,
  }),
}));

beforeEach(() => vi.clearAllMocks());

describe('password lifecycle steps', () => {
  it('breachedPassword mails a reset link to the email of the login', async () => {
    renderScreen(<PasswordLifecycleStep step="breachedPassword" email="ann@foodco.example" />);
    await userEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(sdk.sendBreachedPasswordReset).toHaveBeenCalledWith('ann@foodco.example');
  });

  it("breachedPasswordSuccess says 'Please check your inbox!'", () => {
    renderScreen(<PasswordLifecycleStep step="breachedPasswordSuccess" email="ann@foodco.example" />);
    expect(screen.getByText(/Please check your inbox!/)).toBeInTheDocument();
  });

  it('passwordRotationExpired sets the new password with the login reset token, then signs in', async () => {
    sdk.setNewPassword.mockResolvedValue(undefined);
    renderScreen(<PasswordLifecycleStep step="passwordRotationExpired" email="ann@foodco.example" />);
    const [password, confirm] = document.querySelectorAll<HTMLInputElement>('input[type="password"]');
    await userEvent.type(password!, 'Renewed-menu-2027!');
    await userEvent.type(confirm!, 'Renewed-menu-2027!');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(sdk.setNewPassword).toHaveBeenCalledWith({
      userId: 'user-1',
      token: 'reset-token',
      password: 'Renewed-menu-2027!',
    });
    expect(sdk.signIn).toHaveBeenCalledWith('ann@foodco.example', 'Renewed-menu-2027!');
  });

  it('passwordRotationExpired shows the server refusal (e.g. a reused password)', async () => {
    sdk.setNewPassword.mockRejectedValue(
      new Error('You used this password recently. Choose a different password.'),
    );
    renderScreen(<PasswordLifecycleStep step="passwordRotationExpired" email="ann@foodco.example" />);
    const [password, confirm] = document.querySelectorAll<HTMLInputElement>('input[type="password"]');
    await userEvent.type(password!, 'Renewed-menu-2027!');
    await userEvent.type(confirm!, 'Renewed-menu-2027!');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You used this password recently');
    expect(sdk.signIn).not.toHaveBeenCalled();
  });

  it('passwordRotationNotification tells when the password expires and can be postponed', async () => {
    renderScreen(<PasswordLifecycleStep step="passwordRotationNotification" email="" />);
    expect(screen.getByText(/Your password expires in 3 days/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remind me later' }));
    expect(sdk.continueAfterLogin).toHaveBeenCalled();
  });

  it('describes the remaining time in days', () => {
    expect(describeExpiresIn(undefined)).toBe('soon');
    expect(describeExpiresIn(30)).toBe('in less than a day');
    expect(describeExpiresIn(1440)).toBe('in 1 day');
    expect(describeExpiresIn(5000)).toBe('in 3 days');
  });
});
