import { Button, Divider, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { rememberPasskeyLogin, usePasskeyActions } from '../../sdk/hooks/webauthn';
import { PasskeyIcon } from './passkey-icon';
import { describeCeremonyError, getAssertion, isWebAuthnAvailable } from '../../lib/webauthn';

/**
 * 'Sign in with a passkey' under (or, as the account's login box chooses, above) the email form (only when the vendor offers passkeys). No email
 * needed: the browser lists the passkeys it holds for this site. Errors go to the form's alert.
 */
export function PasskeySignIn({ placement = 'bottom' }: { placement?: 'top' | 'bottom' }) {
  const actions = usePasskeyActions();
  const [busy, setBusy] = useState(false);
  const pending = useRef<AbortController | null>(null);

  // Leaving the page cancels a pending browser prompt.
  useEffect(() => () => pending.current?.abort(), []);

  if (!isWebAuthnAvailable()) return null;

  const signIn = async () => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    actions.showError(undefined);
    try {
      // A refusal (passkeys switched off, server down) is already in the store's error.
      const options = await actions.signInOptions();
      if (!options) return;
      const credential = await getAssertion(options, controller.signal);
      if (await actions.signIn(credential)) rememberPasskeyLogin();
    } catch (error) {
      if (!controller.signal.aborted) actions.showError(describeCeremonyError(error, 'sign-in'));
    } finally {
      if (pending.current === controller) pending.current = null;
      setBusy(false);
    }
  };

  // 'or' stands between this button and the form, above or below it (the account's login box).
  const divider = <Divider label="or" labelPosition="center" />;
  return (
    <Stack gap="md">
      {placement === 'bottom' && divider}
      <Button
        variant="default"
        fullWidth
        loading={busy}
        leftSection={<PasskeyIcon />}
        onClick={() => void signIn()}
      >
        Sign in with a passkey
      </Button>
      {placement === 'top' && divider}
    </Stack>
  );
}
