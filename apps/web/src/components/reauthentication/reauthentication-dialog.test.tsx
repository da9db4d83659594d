import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReauthenticationApi, StepUp } from '../../sdk/hooks/reauthentication';
import { renderScreen } from '../../testing/render';
import { guardWith } from './reauthentication-provider';
import { ReauthenticationDialog } from './reauthentication-dialog';

const refusal = Object.assign(new Error('Confirm it is you'), {
  errorCode: 'ER-AUTH-REAUTHENTICATION-REQUIRED',
});

function fakeApi(overrides: Partial<ReauthenticationApi> = {}): ReauthenticationApi {
  const stepUp: StepUp = { mfaToken: 'mfa-token', factors: [{ kind: 'authenticator' }] };
  return {
    options: vi.fn(async () => ({ password: true, securityKey: false })),
    withPassword: vi.fn(async () => undefined),
    withSecurityKey: vi.fn(async () => undefined),
    startSecondFactor: vi.fn(async () => stepUp),
    sendCode: vi.fn(async () => null),
    verify: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe('guardWith (issue 10)', () => {
  it('runs the change again once the user confirms; a cancel or another error reaches the caller', async () => {
    let calls = 0;
    const change = async () => {
      calls += 1;
      if (calls === 1) throw refusal;
      return 'changed';
    };
    await expect(guardWith(async () => true)(change)).resolves.toBe('changed');
    expect(calls).toBe(2);

    const confirm = vi.fn(async () => false);
    await expect(guardWith(confirm)(() => Promise.reject(refusal))).rejects.toBe(refusal);
    const other = new Error('The code is incorrect or has expired');
    await expect(guardWith(confirm)(() => Promise.reject(other))).rejects.toBe(other);
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});

// user-event on a busy two-core machine can pass vitest's 5 s default.
describe('ReauthenticationDialog (issue 10)', { timeout: 20_000 }, () => {
  it('asks for the current password (labelled, autocomplete current-password) and confirms with it', async () => {
    const api = fakeApi({
      withPassword: vi
        .fn<ReauthenticationApi['withPassword']>()
        .mockRejectedValueOnce(new Error('Incorrect password'))
        .mockResolvedValue(undefined),
    });
    const onDone = vi.fn();
    renderScreen(<ReauthenticationDialog opened api={api} onDone={onDone} />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.type(password, 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password');
    expect(onDone).not.toHaveBeenCalled();
    await user.clear(password);
    await user.type(password, 'Brizo-demo-2026!{Enter}');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(api.withPassword).toHaveBeenLastCalledWith('Brizo-demo-2026!');
  });

  it('without a password, goes straight to the second factor; a pasted code confirms', async () => {
    const api = fakeApi({ options: vi.fn(async () => ({ password: false, securityKey: false })) });
    const onDone = vi.fn();
    renderScreen(<ReauthenticationDialog opened api={api} onDone={onDone} />);
    const user = userEvent.setup();
    expect(await screen.findByText('Enter the 6-digit code your authenticator app shows.')).toBeVisible();
    await user.click(screen.getByRole('textbox', { name: /digit 1 of 6/ }));
    await user.paste('123456');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(api.verify).toHaveBeenCalledWith(
      { mfaToken: 'mfa-token', factors: [{ kind: 'authenticator' }] },
      { kind: 'authenticator' },
      '123456',
      null,
    );
  });

  it('offers each factor when there are several; a texted code is sent first; Cancel reports false', async () => {
    const stepUp: StepUp = {
      mfaToken: 'mfa-token',
      factors: [{ kind: 'authenticator' }, { kind: 'sms', deviceId: 'phone-1', phoneNumber: '*******0199' }],
    };
    const api = fakeApi({
      startSecondFactor: vi.fn(async () => stepUp),
      sendCode: vi.fn(async () => ({ otcToken: 'otc' })),
    });
    const onDone = vi.fn();
    renderScreen(<ReauthenticationDialog opened api={api} onDone={onDone} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use a second factor instead' }));
    await user.click(await screen.findByRole('button', { name: 'Text message to *******0199' }));
    expect(await screen.findByText('We texted a 6-digit code to *******0199.')).toBeVisible();
    expect(api.sendCode).toHaveBeenCalledWith(stepUp, stepUp.factors[1]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('with a password and a security key, offers the key too; the key confirms', async () => {
    const api = fakeApi({ options: vi.fn(async () => ({ password: true, securityKey: true })) });
    const onDone = vi.fn();
    renderScreen(<ReauthenticationDialog opened api={api} onDone={onDone} />);
    const user = userEvent.setup();
    await screen.findByLabelText(/^Password/);
    await user.click(screen.getByRole('button', { name: 'Use a security key or passkey' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(api.withSecurityKey).toHaveBeenCalledTimes(1);
    expect(api.withPassword).not.toHaveBeenCalled();
  });

  it('with a security key and no password, asks for the key; a cancelled ceremony says so and can be retried', async () => {
    const cancelled = new DOMException(
      'The operation either timed out or was not allowed.',
      'NotAllowedError',
    );
    const api = fakeApi({
      options: vi.fn(async () => ({ password: false, securityKey: true })),
      withSecurityKey: vi
        .fn<ReauthenticationApi['withSecurityKey']>()
        .mockRejectedValueOnce(cancelled)
        .mockResolvedValue(),
    });
    const onDone = vi.fn();
    renderScreen(<ReauthenticationDialog opened api={api} onDone={onDone} />);
    const user = userEvent.setup();
    expect(await screen.findByText(/Confirm it is you with your security key or passkey/)).toBeVisible();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use a security key or passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification with your security key was cancelled or timed out. Please try again.',
    );
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Use a security key or passkey' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(api.startSecondFactor).not.toHaveBeenCalled();
  });
});
