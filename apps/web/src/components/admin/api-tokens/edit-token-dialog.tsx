import { useEffect, useState } from 'react';
import type { ApiToken } from '../../../sdk/admin/api-tokens';
import { FormDialog } from '../form-dialog';
import { TextField } from '../text-field';
import { useSubmit } from '../use-submit';
import { newTokenSchema } from './create-token-dialog';

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
  const submission = useSubmit((edited: { clientId: string; description: string }) =>
    onSave(edited.clientId, edited.description),
  );
  const { clear } = submission;

  useEffect(() => {
    setDescription(token?.description ?? '');
    setFieldError(undefined);
    clear();
  }, [token, clear]);

  const submit = async () => {
    if (!token) return;
    const parsed = descriptionSchema.safeParse({ description });
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    if (await submission.run({ clientId: token.clientId, description: parsed.data.description })) onClose();
  };

  return (
    <FormDialog
      title="Edit API token"
      formLabel="Edit API token"
      opened={token !== null}
      noValidate
      submission={submission}
      submitLabel="Save"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label="Description"
        required
        isFocusedFirst
        value={description}
        error={fieldError}
        onChange={setDescription}
      />
    </FormDialog>
  );
}
