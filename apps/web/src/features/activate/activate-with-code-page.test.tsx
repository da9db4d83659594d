import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { ActivateWithCodePage, CODE_REJECTED } from './activate-with-code-page';

const sdk = vi.hoisted(() => ({
  activateWithCode: vi.fn(),
  resendCode: vi.fn(),
  reset: vi.fn(),
  loadPasswordConfig: vi.fn(),
  step: 'activating' as string,
  error: null as string | null,
  codeResent: false,
}));

vi.mock('../../sdk', () => ({
  useActivateAccount: () => ({
    step: sdk.step,
    loading: false,
    submitting: false,
    error: sdk.error,
    codeResent: sdk.codeResent,
    activateWithCode: sdk.activateWithCode,
    resendCode: sdk.resendCode,
    reset: sdk.reset,
  }),
  useForgotPassword: () => ({ passwordConfig: null, loadPasswordConfig: sdk.loadPasswordConfig }),
}));

const route = '/account/activate/code?userId=u-1&token=t-1';

beforeEach(() => {
  vi.clearAllMocks();
  sdk.step = 'activating';
  sdk.error = null;
  sdk.codeResent = false;
});

describe('activate with code page', () => {
  it('takes a pasted code, then the password, and activates with userId, token, code and password', async () => {
    const user = userEvent.setup();
    renderScreen(<ActivateWithCodePage />, { route });
    await user.click(screen.getByLabelText('Activation code, digit 1 of 6'));
    await user.paste('123456');
    expect(
      await screen.findByText('Choose a password to finish setting up your account.'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Password/), 'Fresh-Start-42!');
    await user.type(screen.getByLabelText(/Confirm Password/), 'Fresh-Start-42!');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(sdk.activateWithCode).toHaveBeenCalledWith(
      { userId: 'u-1', token: 't-1', code: '123456', password: 'Fresh-Start-42!' },
      expect.any(Function),
    );
  });

  it('shows the SPEC texts of the password step when left empty', async () => {
    const user = userEvent.setup();
    renderScreen(<ActivateWithCodePage />, { route });
    await user.click(screen.getByLabelText('Activation code, digit 1 of 6'));
    await user.paste('654321');
    await user.click(await screen.findByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required')).toBeInTheDocument();
    expect(sdk.activateWithCode).not.toHaveBeenCalled();
  });

  it('asks for all 6 digits before going on', async () => {
    const user = userEvent.setup();
    renderScreen(<ActivateWithCodePage />, { route });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeInTheDocument();
  });

  it('shows a rejected code on the code step, and resends a code for the same token', async () => {
    sdk.error = CODE_REJECTED;
    const user = userEvent.setup();
    renderScreen(<ActivateWithCodePage />, { route });
    expect(await screen.findByText(CODE_REJECTED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(sdk.resendCode).toHaveBeenCalledWith('u-1', 't-1');
  });

  it('says a new code went out', () => {
    sdk.codeResent = true;
    renderScreen(<ActivateWithCodePage />, { route });
    expect(screen.getByRole('status')).toHaveTextContent('We sent you a new code.');
  });

  it('shows the SPEC success text', () => {
    sdk.step = 'success';
    renderScreen(<ActivateWithCodePage />, { route });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Succesfully activated! You will be redirected in a few seconds.',
    );
  });

  it('without userId and token shows the invalid-link card with Contact Support', () => {
    renderScreen(<ActivateWithCodePage />, { route: '/account/activate/code' });
    expect(screen.getByText('Activation link is invalid or expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toBeInTheDocument();
  });
});
