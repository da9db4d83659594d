import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useMfaFlow, type MfaFlow } from '../../sdk/hooks/mfa';
import { renderScreen } from '../../testing/render';
import { MfaLoginStep } from './login-step';

vi.mock('../../sdk', () => ({ useSecurityKeyActions: () => ({}) }));
vi.mock('../../sdk/hooks/mfa', () => ({ useMfaFlow: vi.fn() }));

const noDevices = { webauthn: [], phones: [], authenticators: [], emails: [] };

function flowOf(overrides: Partial<MfaFlow>): MfaFlow {
  return {
    mode: 'verify',
    step: 'verify',
    loading: false,
    error: null,
    devices: noDevices,
    strategies: [],
    qrCode: null,
    recoveryCode: null,
    phoneNumber: null,
    rememberDays: null,
    email: 'cook@foodco.example',
    chooseStep: vi.fn(),
    verifyAuthenticator: vi.fn(),
    enrollAuthenticator: vi.fn(),
    sendEmailCode: vi.fn(),
    verifyEmailCode: vi.fn(),
    sendPhoneNumber: vi.fn(),
    sendSmsCode: vi.fn(),
    verifySmsCode: vi.fn(),
    finishEnrollment: vi.fn(),
    useRecoveryCode: vi.fn(),
    clearError: vi.fn(),
    ...overrides,
  };
}

// The login's MFA steps (the step screen with "remember this device").
const show = (flow: MfaFlow) => {
  vi.mocked(useMfaFlow).mockReturnValue(flow);
  return renderScreen(<MfaLoginStep onBack={vi.fn()} />);
};

async function typeCode(code: string) {
  await userEvent.click(screen.getByRole('textbox', { name: /digit 1 of 6/ }));
  await userEvent.keyboard(code);
}

describe('MFA step screens', () => {
  it("adds 'Contact Support' when a step fails, not before (SPEC section 2 /account/reset-password)", () => {
    const devices = { ...noDevices, authenticators: [{ id: 'a' }] };
    const { unmount } = show(flowOf({ step: 'authenticatorApp', devices }));
    expect(screen.queryByRole('link', { name: 'Contact Support' })).not.toBeInTheDocument();
    unmount();
    show(flowOf({ step: 'authenticatorApp', devices, error: 'The code is incorrect or has expired' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The code is incorrect or has expired');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@brizo.test',
    );
  });

  it('asks for 6 digits before verifying an authenticator code, and passes "remember this device"', async () => {
    const flow = flowOf({
      step: 'authenticatorApp',
      devices: { ...noDevices, authenticators: [{ id: 'a' }] },
      rememberDays: 14,
    });
    show(flow);
    await typeCode('12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(flow.verifyAuthenticator).not.toHaveBeenCalled();
    await typeCode('123456');
    await userEvent.click(screen.getByLabelText('Remember this device for 14 days'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.verifyAuthenticator).toHaveBeenCalledWith('123456', true);
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(flow.useRecoveryCode).toHaveBeenCalled();
  });

  it('shows the QR code and the manual key while enrolling an authenticator app', async () => {
    const flow = flowOf({
      mode: 'enroll',
      step: 'authenticatorApp',
      qrCode: 'otpauth://totp/Brizo%20FoodMetrics:cook?secret=JBSWY3DPEHPK3PXP&issuer=Brizo%20FoodMetrics',
    });
    show(flow);
    expect(await screen.findByTestId('mfa-qr-code')).toBeInTheDocument();
    expect(screen.getByTestId('mfa-manual-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await typeCode('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(flow.enrollAuthenticator).toHaveBeenCalledWith('654321', false);
  });

  it('lets the user continue from the recovery code only once it is saved', async () => {
    const flow = flowOf({ step: 'recoveryCode', recoveryCode: 'ABCD-EFGH-JKMN-PQRS-TUVW' });
    show(flow);
    expect(await screen.findByTestId('mfa-recovery-code')).toHaveTextContent('ABCD-EFGH-JKMN-PQRS-TUVW');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await userEvent.click(screen.getByLabelText('I have saved my recovery code'));
    await userEvent.click(next);
    expect(flow.finishEnrollment).toHaveBeenCalled();
  });

  it('offers one button per device type in the chooser', async () => {
    const flow = flowOf({
      devices: { ...noDevices, authenticators: [{ id: 'a' }], emails: [{ email: 'cook@foodco.example' }] },
    });
    show(flow);
    await userEvent.click(screen.getByRole('button', { name: 'Email code' }));
    expect(flow.chooseStep).toHaveBeenCalledWith('emailVerifyCode');
    expect(screen.getByRole('button', { name: 'Authenticator app' })).toBeInTheDocument();
  });

  it('mails the code once when the email step opens', () => {
    const flow = flowOf({
      step: 'emailVerifyCode',
      devices: { ...noDevices, emails: [{ email: 'cook@foodco.example' }] },
    });
    const { rerender } = show(flow);
    rerender(<MfaLoginStep onBack={vi.fn()} />);
    expect(flow.sendEmailCode).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/We emailed a 6-digit code to cook@foodco.example/)).toBeInTheDocument();
  });

  it('checks the phone number before texting a code', async () => {
    const flow = flowOf({ mode: 'enroll', step: 'smsSetPhoneNumber' });
    show(flow);
    await userEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Phone number'), '+1 (555) 010-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(flow.sendPhoneNumber).toHaveBeenCalledWith('+15550100199');
  });
});
