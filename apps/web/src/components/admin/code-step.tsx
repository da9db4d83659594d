import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '../form-alert';
import { OneTimeCodeInput } from '../one-time-code-input';

/**
 * The step of an admin dialog that asks for the 6-digit code just sent (or shown by an
 * authenticator app): what to do, anything to scan, the code (verified as soon as it is complete,
 * or pasted), then Cancel when the dialog offers it and Verify.
 */
export function CodeStep({
  instructions,
  children,
  pending,
  error,
  onVerify,
  onCancel,
}: {
  instructions: string;
  /** Shown between the instructions and the code, e.g. the QR code to scan. */
  children?: ReactNode;
  pending: boolean;
  /** The server's refusal, when the dialog shows it in the step's form. */
  error?: string | null;
  onVerify: (code: string) => void;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onVerify(code);
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">{instructions}</Text>
        {children}
        <OneTimeCodeInput value={code} onChange={setCode} onComplete={onVerify} />
        {error === undefined ? null : <FormAlert message={error} />}
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={pending} disabled={code.length !== 6}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
