import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiToken } from '../../../sdk/admin/api-tokens';
import { FormAlert } from '../../form-alert';
import { DescriptionInput, newTokenSchema } from './create-token-dialog';

/** The description is all a token's edit changes: its secret, expiry and roles stay as generated. */
const descriptionSchema = newTokenSchema.pick({ description: true });

export function EditTokenDialog({
  token,
  onSave,
  onClose,
}: {
  /** The token being edited; null keeps the dialog closed. */
  token: ApiToken | null;
  /** Rejects with the server's message. */
  onSave: (clientId: string, description: string) => Promise<void>;
  onClose: () => void;
}) {
  const [description, setDescription] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setDescription(token?.description ?? '');
    setFieldError(undefined);
    setError(null);
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    const parsed = descriptionSchema.safeParse({ description });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setError(null);
    setSaving(true);
    try {
      await onSave(token.clientId, parsed.data.description);
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={token !== null} onClose={onClose} title="Edit API token" centered>
      <form onSubmit={(event) => void submit(event)} aria-label="Edit API token" noValidate>
        <Stack gap="md">
          <DescriptionInput value={description} error={fieldError} onChange={setDescription} />
          <FormAlert message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
