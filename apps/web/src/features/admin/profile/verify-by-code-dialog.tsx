import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { OneTimeCodeInput } from '../../../components/one-time-code-input';

type ValueSchema = z.ZodType<Record<string, string>, Record<string, string>>;

/**
 * Two steps in one dialog: a value (a new email address or phone number) that gets a 6-digit code
 * sent to it, then the code that proves it. The server's errors stay on screen.
 */
export function VerifyByCodeDialog({
  opened,
  title,
  field,
  schema,
  send,
  verify,
  sentTo,
  onClose,
  onVerified,
}: {
  opened: boolean;
  title: string;
  field: { name: string; label: string; type: 'email' | 'tel'; autoComplete: string; placeholder?: string };
  schema: ValueSchema;
  send: (value: string) => Promise<void>;
  verify: (value: string, code: string) => Promise<void>;
  /** What the code step says, e.g. "We emailed a code to x". */
  sentTo: (value: string) => string;
  onClose: () => void;
  onVerified: (value: string) => void;
}) {
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    defaultValues: { [field.name]: '' },
  });

  const close = () => {
    setSent(null);
    setCode('');
    setError(null);
    form.reset();
    onClose();
  };

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

  const submitValue = form.handleSubmit((values) =>
    run(async () => {
      const value = (values[field.name] ?? '').trim();
      await send(value);
      setSent(value);
    }),
  );

  const submitCode = (typed = code) =>
    run(async () => {
      if (!sent) return;
      await verify(sent, typed);
      const value = sent;
      close();
      onVerified(value);
    });

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      {sent === null ? (
        <form onSubmit={submitValue} noValidate>
          <Stack gap="md">
            <TextInput
              label={field.label}
              type={field.type}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              data-autofocus
              error={form.formState.errors[field.name]?.message}
              {...form.register(field.name)}
            />
            <FormAlert message={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Send code
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submitCode();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">{sentTo(sent)}</Text>
            <OneTimeCodeInput
              value={code}
              onChange={setCode}
              onComplete={(typed) => void submitCode(typed)}
            />
            <FormAlert message={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={code.length !== 6}>
                Verify
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
