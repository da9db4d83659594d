import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { OneTimeCodeInput } from '../../../components/one-time-code-input';

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
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Unknown error occurred');
    } finally {
      setBusy(false);
    }
  };

  const start = (phone?: string) =>
    run(async () => {
      if (!flow) return;
      const started = await flow.start(phone);
      setStep({ name: 'code', ...started });
    });

  useEffect(() => {
    setCode('');
    setPhoneNumber('');
    setError(null);
    if (!flow) setStep(null);
    else if (flow.asksPhoneNumber) setStep({ name: 'phone' });
    else {
      setStep(null);
      void start();
    }
    // Restarts only when another flow opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow]);

  const finish = (typed = code) =>
    run(async () => {
      if (!flow) return;
      const finished = await flow.finish(typed);
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
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void finish();
            }}
          >
            <Stack gap="md">
              <Text size="sm">{step.instructions}</Text>
              {step.qrUri ? (
                <Group justify="center" data-testid="mfa-qr-code">
                  <QRCodeSVG
                    value={step.qrUri}
                    size={176}
                    marginSize={2}
                    title="QR code for your authenticator app"
                  />
                </Group>
              ) : null}
              <OneTimeCodeInput value={code} onChange={setCode} onComplete={(typed) => void finish(typed)} />
              <Group justify="flex-end">
                <Button type="submit" loading={busy} disabled={code.length !== 6}>
                  Verify
                </Button>
              </Group>
            </Stack>
          </form>
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
