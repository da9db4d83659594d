import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CodeStep, useSubmit } from '../../../components/admin';
import { AuthenticatorQrCode } from '../../../components/authenticator-qr-code';
import { FormAlert } from '../../../components/form-alert';

/** One MFA change that a 6-digit code confirms: what it asks first, how it starts and finishes. */
export interface CodeFlow {
  title: string;
  /** SMS enrollment asks for the phone number before anything is sent. */
  asksPhoneNumber?: boolean;
  /** Sends the code (or makes the QR code); answers what to tell the user. */
  start: (phoneNumber?: string) => Promise<{ instructions: string; qrUri?: string }>;
  /** Answers the recovery code to show once when the change made it the user's first factor. */
  finish: (code: string) => Promise<{ recoveryCode?: string } | void>;
}

type Step =
  | { name: 'phone' }
  | { name: 'code'; instructions: string; qrUri?: string }
  | { name: 'recovery'; code: string };

/** Runs a CodeFlow in a dialog; errors stay on screen, the code can be pasted. */
export function MfaCodeDialog({
  flow,
  onClose,
  onDone,
}: {
  flow: CodeFlow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [step, setStep] = useState<Step | null>(null);
  const [phoneNumber, setPhoneNumber] = useState('');
  // One step runs at a time; its failure stays on screen until the next try.
  const { run, pending: busy, error, clear } = useSubmit((action: () => Promise<void>) => action());

  const start = (phone?: string) =>
    run(async () => {
      if (!flow) return;
      const started = await flow.start(phone);
      setStep({ name: 'code', ...started });
    });

  useEffect(() => {
    setPhoneNumber('');
    clear();
    if (!flow) setStep(null);
    else if (flow.asksPhoneNumber) setStep({ name: 'phone' });
    else {
      setStep(null);
      void start();
    }
    // Restarts only when another flow opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow]);

  const finish = (code: string) =>
    run(async () => {
      if (!flow) return;
      const finished = await flow.finish(code);
      if (finished?.recoveryCode) setStep({ name: 'recovery', code: finished.recoveryCode });
      else onDone();
    });

  return (
    <Modal opened={flow !== null} onClose={onClose} title={flow?.title} centered>
      <Stack gap="md">
        {step?.name === 'phone' ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void start(phoneNumber.trim());
            }}
          >
            <Stack gap="md">
              <TextInput
                label="Phone number"
                type="tel"
                autoComplete="tel"
                placeholder="+15550100199"
                value={phoneNumber}
                onChange={(event) => setPhoneNumber(event.currentTarget.value)}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button type="submit" loading={busy} disabled={phoneNumber.trim() === ''}>
                  Send code
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {step?.name === 'code' ? (
          <CodeStep instructions={step.instructions} pending={busy} onVerify={(code) => void finish(code)}>
            {step.qrUri ? <AuthenticatorQrCode uri={step.qrUri} /> : null}
          </CodeStep>
        ) : null}
        {step?.name === 'recovery' ? (
          <Stack gap="sm">
            <Text size="sm">
              Keep this recovery code somewhere safe: it signs you in if you lose your second factor. It is
              shown only once.
            </Text>
            <Code block data-testid="mfa-recovery-code">
              {step.code}
            </Code>
            <Group justify="flex-end">
              <Button onClick={onDone}>Done</Button>
            </Group>
          </Stack>
        ) : null}
        {step === null && busy ? <Text size="sm">Working...</Text> : null}
        <FormAlert message={error} />
      </Stack>
    </Modal>
  );
}
