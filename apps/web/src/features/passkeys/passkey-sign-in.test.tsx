import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { PasskeySignIn } from './passkey-sign-in';

const sdk = vi.hoisted(() => ({
  signInOptions: vi.fn(),
  signIn: vi.fn(),
  showError: vi.fn(),
  rememberPasskeyLogin: vi.fn(),
}));

vi.mock('../../sdk/hooks/webauthn', () => ({
  usePasskeyActions: () => ({
    signInOptions: sdk.signInOptions,
    signIn: sdk.signIn,
    showError: sdk.showError,
  }),
  rememberPasskeyLogin: sdk.rememberPasskeyLogin,
}));

const get = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get, create: vi.fn() } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const assertion = {
  id: 'cred-1',
  type: 'public-key',
  rawId: new ArrayBuffer(4),
  authenticatorAttachment: 'platform',
  response: {
    clientDataJSON: new ArrayBuffer(8),
    authenticatorData: new ArrayBuffer(8),
    signature: new ArrayBuffer(8),
    userHandle: new ArrayBuffer(8),
  },
};

describe("'Sign in with a passkey'", () => {
  it('asks the browser for a passkey with the server options, signs in and remembers the method', async () => {
    const user = userEvent.setup();
    const options = { challenge: new ArrayBuffer(32), allowCredentials: [] };
    sdk.signInOptions.mockResolvedValue(options);
    get.mockResolvedValue(assertion);
    sdk.signIn.mockResolvedValue(true);
    renderScreen(<PasskeySignIn />);

    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(sdk.rememberPasskeyLogin).toHaveBeenCalledOnce());
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ publicKey: options }));
    expect(sdk.signIn).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'cred-1',
        response: expect.objectContaining({ signature: assertion.response.signature }),
      }),
    );
  });

  it('does not remember the method when the server refused the passkey', async () => {
    const user = userEvent.setup();
    sdk.signInOptions.mockResolvedValue({ challenge: new ArrayBuffer(32) });
    get.mockResolvedValue(assertion);
    sdk.signIn.mockResolvedValue(false);
    renderScreen(<PasskeySignIn />);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(sdk.signIn).toHaveBeenCalled());
    expect(sdk.rememberPasskeyLogin).not.toHaveBeenCalled();
  });

  it('explains a cancelled prompt in the form alert', async () => {
    const user = userEvent.setup();
    sdk.signInOptions.mockResolvedValue({ challenge: new ArrayBuffer(32) });
    get.mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    renderScreen(<PasskeySignIn />);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(sdk.showError).toHaveBeenLastCalledWith(
        'Passkey sign-in was cancelled or timed out. Please try again.',
      ),
    );
    expect(sdk.signIn).not.toHaveBeenCalled();
  });

  it('is not offered by a browser without WebAuthn', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderScreen(<PasskeySignIn />);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });
});
