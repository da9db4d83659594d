import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MfaFlow } from '../../sdk';
import { renderScreen } from '../../testing/render';
import { SecurityKeyChoices, securityKeyChoiceCount } from './security-key';

const sdk = vi.hoisted(() => ({
  enrollmentOptions: vi.fn(),
  enroll: vi.fn(),
  verificationOptions: vi.fn(),
  verify: vi.fn(),
  showError: vi.fn(),
  isStepUp: undefined as boolean | undefined,
}));

vi.mock('../../sdk/hooks/webauthn', () => ({
  useSecurityKeyActions: (isStepUp: boolean) => {
    sdk.isStepUp = isStepUp;
    return {
      enrollmentOptions: sdk.enrollmentOptions,
      enroll: sdk.enroll,
      verificationOptions: sdk.verificationOptions,
      verify: sdk.verify,
      showError: sdk.showError,
    };
  },
}));

const get = vi.fn();
const create = vi.fn();

const flowOf = (overrides: Partial<MfaFlow>): MfaFlow =>
  ({
    mode: 'verify',
    step: 'verify',
    loading: false,
    error: null,
    devices: { webauthn: [], phones: [], authenticators: [], emails: [] },
    strategies: [],
    rememberDays: null,
    ...overrides,
  }) as MfaFlow;

const credential = (response: Record<string, unknown>) => ({
  id: 'cred-1',
  type: 'public-key',
  rawId: new ArrayBuffer(4),
  authenticatorAttachment: 'cross-platform',
  response,
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get, create } });
});
afterEach(() => vi.unstubAllGlobals());

describe('security keys in the MFA chooser', () => {
  it('offers nothing without WebAuthn strategies or keys', () => {
    expect(securityKeyChoiceCount(flowOf({}))).toBe(0);
    expect(securityKeyChoiceCount(flowOf({ mode: 'enroll', strategies: ['AuthenticatorApp'] }))).toBe(0);
    renderScreen(<SecurityKeyChoices flow={flowOf({})} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('verifies with the enrolled key and sends "remember this device" when ticked', async () => {
    const user = userEvent.setup();
    const options = { challenge: new ArrayBuffer(32), allowCredentials: [] };
    sdk.verificationOptions.mockResolvedValue({ options, webauthnToken: 'token-1' });
    get.mockResolvedValue(
      credential({
        clientDataJSON: new ArrayBuffer(8),
        authenticatorData: new ArrayBuffer(8),
        signature: new ArrayBuffer(8),
        userHandle: null,
      }),
    );
    sdk.verify.mockResolvedValue(true);
    const flow = flowOf({
      devices: {
        webauthn: [{ id: 'dev-1', name: 'Security key' }],
        phones: [],
        authenticators: [],
        emails: [],
      },
      rememberDays: 14,
    });
    renderScreen(<SecurityKeyChoices flow={flow} />);
    await user.click(await screen.findByLabelText('Remember this device for 14 days'));
    await user.click(screen.getByRole('button', { name: 'Security key' }));
    await waitFor(() => expect(sdk.verify).toHaveBeenCalled());
    expect(sdk.verificationOptions).toHaveBeenCalledWith('dev-1');
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ publicKey: options }));
    expect(sdk.verify).toHaveBeenCalledWith(
      'dev-1',
      expect.objectContaining({
        webauthnToken: 'token-1',
        credential: expect.objectContaining({ id: 'cred-1' }),
      }),
      true,
    );
    expect(sdk.isStepUp).toBe(false);
  });

  it('enrolls a key during a forced login', async () => {
    const user = userEvent.setup();
    sdk.enrollmentOptions.mockResolvedValue({
      options: { challenge: new ArrayBuffer(32) },
      webauthnToken: 't',
    });
    create.mockResolvedValue(
      credential({
        clientDataJSON: new ArrayBuffer(8),
        attestationObject: new ArrayBuffer(8),
        getTransports: () => ['usb'],
      }),
    );
    sdk.enroll.mockResolvedValue(true);
    renderScreen(
      <SecurityKeyChoices
        flow={flowOf({ mode: 'enroll', strategies: ['AuthenticatorApp', 'WebAuthnCrossPlatform'] })}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Security key' }));
    await waitFor(() => expect(sdk.enroll).toHaveBeenCalled());
    expect(sdk.enroll).toHaveBeenCalledWith(
      expect.objectContaining({
        webauthnToken: 't',
        credential: expect.objectContaining({ response: expect.objectContaining({ transports: ['usb'] }) }),
      }),
      false,
    );
  });

  it('explains a cancelled key prompt', async () => {
    const user = userEvent.setup();
    sdk.verificationOptions.mockResolvedValue({
      options: { challenge: new ArrayBuffer(32) },
      webauthnToken: 't',
    });
    get.mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    const flow = flowOf({
      mode: 'stepUp',
      devices: { webauthn: [{ id: 'dev-1' }], phones: [], authenticators: [], emails: [] },
    });
    renderScreen(<SecurityKeyChoices flow={flow} />);
    await user.click(await screen.findByRole('button', { name: 'Security key' }));
    await waitFor(() =>
      expect(sdk.showError).toHaveBeenLastCalledWith(
        'Verification with your security key was cancelled or timed out. Please try again.',
      ),
    );
    expect(sdk.isStepUp).toBe(true);
    expect(sdk.verify).not.toHaveBeenCalled();
  });
});
