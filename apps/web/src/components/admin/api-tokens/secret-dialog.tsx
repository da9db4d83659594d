import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { CreatedSecret } from '../../../sdk/admin/api-tokens';

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} ff="monospace" />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * The token just created, with its secret: the only time the secret is shown. Closing the dialog
 * drops it from the store, so it cannot be shown again.
 */
export function SecretDialog({ created, onClose }: { created: CreatedSecret | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Your new API token" centered size="lg">
      {created ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            Copy the secret now: it is shown only once and cannot be retrieved later.
          </Alert>
          {created.clientId ? <CopyField label="Client ID" value={created.clientId} /> : null}
          <CopyField label="Secret" value={created.secret} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
