import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { CopyField } from '../../../components/admin';
import type { ShownToken } from '../../../sdk/admin/provisioning';

/**
 * A directory's bearer token, the only time it is shown, with the SCIM base URL to paste beside it in
 * the directory's provisioning settings. Closing the dialog forgets it.
 */
export function TokenDialog({ shown, onClose }: { shown: ShownToken | null; onClose: () => void }) {
  // The dialog keeps its name while it fades out (a dialog without one is unnamed to assistive
  // technology); only the directory's name is kept, never the token.
  const lastName = useRef('');
  if (shown) lastName.current = shown.directoryName;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={shown !== null}
      onClose={onClose}
      title={`Connect ${lastName.current}`}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {shown ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" title="Copy the token now">
            It is shown only this once and cannot be retrieved later. If you lose it, rotate the token and
            paste the new one into your directory.
          </Alert>
          <Text size="sm">
            In your directory's provisioning settings, paste the SCIM base URL (Okta: "SCIM connector base
            URL"; Microsoft Entra ID: "Tenant URL") and the token ("Secret token" or the API token of an HTTP
            header authentication).
          </Text>
          <CopyField label="SCIM base URL" value={shown.scimBaseUrl} />
          <CopyField label="Bearer token" value={shown.token} multiline />
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the token</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
