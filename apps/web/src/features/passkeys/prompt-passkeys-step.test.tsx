import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { PromptPasskeysStep } from './prompt-passkeys-step';

const sdk = vi.hoisted(() => ({
  error: null as string | null,
  newPasskeyOptions: vi.fn(),
  saveNewPasskey: vi.fn(),
  continueToApp: vi.fn(),
  showError: vi.fn(),
  dismissPasskeyPromptForGood: vi.fn(),
}));

vi.mock('../../sdk', () => ({
  useLoginState: () => ({ step: 'promptPasskeys', loading: false, error: sdk.error }),
}));

vi.mock('../../sdk/hooks/webauthn', () => ({
  usePasskeyActions: () => ({
    newPasskeyOptions: sdk.newPasskeyOptions,
    saveNewPasskey: sdk.saveNewPasskey,
    continueToApp: sdk.continueToApp,
    showError: sdk.showError,
  }),
  dismissPasskeyPromptForGood: sdk.dismissPasskeyPromptForGood,
}));

const create = vi.fn();

beforeEach(() => {
  sdk.error = null;
  vi.clearAllMocks();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: { get: vi.fn(), create },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const attestation = {
  id: 'cred-1',
  type: 'public-key',
  rawId: new ArrayBuffer(4),
  authenticatorAttachment: 'platform',
  response: {
    clientDataJSON: new ArrayBuffer(8),
    attestationObject: new ArrayBuffer(8),
    getTransports: () => ['internal'],
  },
};

describe('PromptPasskeysStep (step promptPasskeys)', () => {
  it('adds a passkey: server options, the browser prompt, then saves it and offers to continue', async () => {
    const user = userEvent.setup();
    const options = { challenge: new ArrayBuffer(32) };
    sdk.newPasskeyOptions.mockResolvedValue(options);
    create.mockResolvedValue(attestation);
    sdk.saveNewPasskey.mockResolvedValue(true);
    renderScreen(<PromptPasskeysStep />);

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ publicKey: options }));
    expect(sdk.saveNewPasskey).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'cred-1',
        authenticatorAttachment: 'platform',
        response: expect.objectContaining({ transports: ['internal'] }),
      }),
    );
    expect(await screen.findByText('Passkey added')).toBeInTheDocument();
    expect(sdk.continueToApp).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(sdk.continueToApp).toHaveBeenCalledOnce();
  });

  it('explains a cancelled browser prompt and stays on the step', async () => {
    const user = userEvent.setup();
    sdk.newPasskeyOptions.mockResolvedValue({ challenge: new ArrayBuffer(32) });
    create.mockRejectedValue(new DOMException('cancelled', 'NotAllowedError'));
    renderScreen(<PromptPasskeysStep />);

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() =>
      expect(sdk.showError).toHaveBeenLastCalledWith(
        'Adding a passkey was cancelled or timed out. Please try again.',
      ),
    );
    expect(sdk.saveNewPasskey).not.toHaveBeenCalled();
    expect(sdk.continueToApp).not.toHaveBeenCalled();
  });

  it("leaves the browser alone when the server refused (the store's error shows)", async () => {
    const user = userEvent.setup();
    sdk.error = 'Sign-in with passkeys is not enabled';
    sdk.newPasskeyOptions.mockResolvedValue(null);
    renderScreen(<PromptPasskeysStep />);
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in with passkeys is not enabled');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(create).not.toHaveBeenCalled();
  });

  it("'Not now' continues without remembering anything", async () => {
    const user = userEvent.setup();
    renderScreen(<PromptPasskeysStep />);
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(sdk.continueToApp).toHaveBeenCalledOnce();
    expect(sdk.dismissPasskeyPromptForGood).not.toHaveBeenCalled();
  });

  it("'Don't show again' turns the prompt off for this browser, then continues", async () => {
    const user = userEvent.setup();
    renderScreen(<PromptPasskeysStep />);
    await user.click(screen.getByRole('button', { name: "Don't show again" }));
    expect(sdk.dismissPasskeyPromptForGood).toHaveBeenCalledOnce();
    expect(sdk.continueToApp).toHaveBeenCalledOnce();
  });

  it('without WebAuthn in the browser, says so and still lets the user go on', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderScreen(<PromptPasskeysStep />);
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(screen.getByText('This browser does not support passkeys.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeEnabled();
  });
});
