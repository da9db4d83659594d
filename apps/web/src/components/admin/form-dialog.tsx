import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '../form-alert';
import type { Submission } from './use-submit';

/**
 * A dialog holding one form: its fields, the server's message when sending failed, then Cancel
 * (off while sending) and the submit button. Enter in a field submits.
 */
export function FormDialog({
  title,
  opened = true,
  size,
  submission,
  submitLabel,
  isSubmitDisabled = false,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  opened?: boolean;
  size?: ModalProps['size'];
  submission: Pick<Submission<never>, 'pending' | 'error'>;
  submitLabel: string;
  isSubmitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <FormAlert message={submission.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submission.pending}>
              Cancel
            </Button>
            <Button type="submit" loading={submission.pending} disabled={isSubmitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
