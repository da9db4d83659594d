import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useRef } from 'react';
import { CopyField } from '../../../components/admin';

export interface ShownSecret {
  name: string;
  secret: string;
}

/**
 * The signing secret the server made for a new webhook, the only time it is shown: the receiver needs
 * it to check signatures. Closing the dialog forgets it.
 */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  // The dialog keeps its name while it fades out; only the webhook's name is kept, never the secret.
  const lastName = useRef('');
  if (shown) lastName.current = shown.name;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={shown !== null}
      onClose={onClose}
      title={`Signing secret of ${lastName.current}`}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {shown ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" title="Copy the secret now">
            It is shown only this once. Your receiver checks each delivery's x-webhook-signature header with
            it: an HMAC-SHA256 of the x-webhook-timestamp header, a dot and the body.
          </Alert>
          <CopyField label="Signing secret" value={shown.secret} />
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the secret</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
