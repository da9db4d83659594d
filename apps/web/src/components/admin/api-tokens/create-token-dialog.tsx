import { MultiSelect, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import type { AssignableRolesState, NewApiToken } from '../../../sdk/admin/api-tokens';
import { FormAlert } from '../../form-alert';
import { FormDialog } from '../form-dialog';
import { fieldErrorsOf, TextField } from '../text-field';
import { useSubmit } from '../use-submit';

/** The create form: description, expiry in days (empty: never), and roles for tenant tokens. */
export const newTokenSchema = z.object({
  description: z.string().trim().min(1, 'Description is required').max(1024),
  expiresInDays: z
    .number({ error: 'Enter a whole number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(3650, 'At most 3650 days')
    .nullable(),
  roleIds: z.array(z.string()),
});

const tokenFields = ['description', 'expiresInDays'] as const;
type FieldErrors = Partial<Record<(typeof tokenFields)[number], string>>;

export function CreateTokenDialog({
  opened,
  roles,
  onCreate,
  onClose,
}: {
  opened: boolean;
  /** Tenant tokens: the roles to choose from. Personal tokens take none (SPEC section 6). */
  roles?: AssignableRolesState;
  onCreate: (token: NewApiToken) => Promise<void>;
  onClose: () => void;
}) {
  const [description, setDescription] = useState('');
  const [expires, setExpires] = useState<string | number>(30);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const submission = useSubmit(onCreate);

  // The dialog stays mounted: closing it starts the next token afresh.
  const close = () => {
    setDescription('');
    setExpires(30);
    setRoleIds([]);
    setFieldErrors({});
    submission.clear();
    onClose();
  };

  const submit = async () => {
    const parsed = newTokenSchema.safeParse({
      description,
      expiresInDays: expires === '' ? null : Number(expires),
      roleIds,
    });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues, tokenFields));
    if (!parsed.success) return;
    if (await submission.run(roles ? parsed.data : { ...parsed.data, roleIds: undefined })) close();
  };

  return (
    <FormDialog
      title="Generate API token"
      formLabel="Generate API token"
      opened={opened}
      noValidate
      submission={submission}
      submitLabel="Generate"
      onSubmit={() => void submit()}
      onClose={close}
    >
      <TextField
        label="Description"
        required
        isFocusedFirst
        value={description}
        error={fieldErrors.description}
        onChange={setDescription}
      />
      <NumberInput
        label="Expires after (days)"
        description="Leave empty for a token that never expires."
        min={1}
        max={3650}
        allowDecimal={false}
        value={expires}
        error={fieldErrors.expiresInDays}
        onChange={setExpires}
      />
      {roles ? (
        roles.status === 'error' ? (
          <FormAlert message={roles.message} />
        ) : (
          <MultiSelect
            label="Roles"
            placeholder={roles.status === 'loading' ? 'Loading roles...' : 'Choose roles'}
            data={
              roles.status === 'ready'
                ? roles.roles.map((role) => ({ value: role.id, label: role.name }))
                : []
            }
            value={roleIds}
            onChange={setRoleIds}
            searchable
            clearable
          />
        )
      ) : (
        <Text size="sm" c="dimmed">
          The token acts with your own roles in this account.
        </Text>
      )}
    </FormDialog>
  );
}
