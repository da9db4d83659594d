import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useLoginState } from '../../sdk';
import { dismissPasskeyPromptForGood, usePasskeyActions } from '../../sdk/hooks/webauthn';
import { PasskeyIcon } from './passkey-icon';
import { createCredential, describeCeremonyError, isWebAuthnAvailable } from '../../lib/webauthn';

/**
 * The passkey prompt after a password login (step promptPasskeys). The store shows it only under
 * SPEC section 4's five conditions; here the user adds a passkey, skips, or turns the prompt off.
 */
export function PromptPasskeysStep() {
  const actions = usePasskeyActions();
  const { loading, error } = useLoginState();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);

  const addPasskey = async () => {
    setAdding(true);
    actions.showError(undefined);
    try {
      const options = await actions.newPasskeyOptions();
      if (!options) return;
      const credential = await createCredential(options);
      if (await actions.saveNewPasskey(credential)) setAdded(true);
    } catch (failure) {
      actions.showError(describeCeremonyError(failure, 'registration'));
    } finally {
      setAdding(false);
    }
  };

  if (added) {
    return (
      <Stack gap="md" role="status">
        <Text fw={600}>Passkey added</Text>
        <Text size="sm" c="dimmed">
          Next time, choose &lsquo;Sign in with a passkey&rsquo; and confirm with your fingerprint, face or
          screen lock.
        </Text>
        <Button fullWidth onClick={() => void actions.continueToApp()}>
          Continue
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <FormAlert message={error} />
      <Text size="sm">
        Use your fingerprint, face or screen lock instead of a password. Passkeys are stored on your device,
        can&apos;t be guessed or phished, and work in one step.
      </Text>
      {isWebAuthnAvailable() ? (
        <Button
          fullWidth
          leftSection={<PasskeyIcon />}
          loading={adding}
          disabled={loading && !adding}
          onClick={() => void addPasskey()}
        >
          Add a passkey
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          This browser does not support passkeys.
        </Text>
      )}
      <Button variant="default" fullWidth disabled={adding} onClick={() => void actions.continueToApp()}>
        Not now
      </Button>
      <Button
        variant="subtle"
        size="compact-sm"
        disabled={adding}
        onClick={() => {
          dismissPasskeyPromptForGood();
          void actions.continueToApp();
        }}
      >
        Don&apos;t show again
      </Button>
    </Stack>
  );
}
