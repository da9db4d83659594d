import { Button, Group, Modal, Stack, type MantineSpacing, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '../form-alert';
import type { Submission } from './use-submit';

/**
 * A dialog holding one form: its fields, the server's message when sending failed, then Cancel
 * (off while sending) and the submit button. Enter in a field submits. With `noValidate` the
 * form's own checks speak instead of the browser's; `formLabel` names the form for screen readers
 * and `closeLabel` the dialog's close button.
 */
export function FormDialog({
  title,
  opened = true,
  size,
  gap = 'md',
  formLabel,
  closeLabel,
  noValidate = false,
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
  /** The space between the fields. */
  gap?: MantineSpacing;
  formLabel?: string;
  closeLabel?: string;
  noValidate?: boolean;
  submission: Pick<Submission<never>, 'pending' | 'error'>;
  submitLabel: string;
  isSubmitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeButtonProps={closeLabel ? { 'aria-label': closeLabel } : undefined}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        aria-label={formLabel}
        noValidate={noValidate}
      >
        <Stack gap={gap}>
          {children}
          <FormAlert message={submission.error} />
          <Group justify="flex-end" gap="sm">
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
