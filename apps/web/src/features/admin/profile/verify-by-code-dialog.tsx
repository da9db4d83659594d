import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CodeStep, useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';

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
  // One step runs at a time; its failure stays on screen until the next try.
  const step = useSubmit((action: () => Promise<void>) => action());
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    defaultValues: { [field.name]: '' },
  });

  const close = () => {
    setSent(null);
    step.clear();
    form.reset();
    onClose();
  };

  const submitValue = form.handleSubmit((values) =>
    step.run(async () => {
      const value = (values[field.name] ?? '').trim();
      await send(value);
      setSent(value);
    }),
  );

  const submitCode = (code: string) =>
    step.run(async () => {
      if (!sent) return;
      await verify(sent, code);
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
            <FormAlert message={step.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={step.pending}>
                Cancel
              </Button>
              <Button type="submit" loading={step.pending}>
                Send code
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <CodeStep
          instructions={sentTo(sent)}
          pending={step.pending}
          error={step.error}
          onVerify={(code) => void submitCode(code)}
          onCancel={close}
        />
      )}
    </Modal>
  );
}
