import { Button, Group, Modal, MultiSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { AssignableRolesState, NewApiToken } from '../../../sdk/admin/api-tokens';
import { FormAlert } from '../../form-alert';

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

type FieldErrors = Partial<Record<'description' | 'expiresInDays', string>>;

/** A token's description, as the generate and the edit dialogs ask for it (focused first). */
export function DescriptionInput({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label="Description"
      required
      autoComplete="off"
      data-autofocus
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export function CreateTokenDialog({
  opened,
  roles,
  saving,
  onCreate,
  onClose,
}: {
  opened: boolean;
  /** Tenant tokens: the roles to choose from. Personal tokens take none (SPEC section 6). */
  roles?: AssignableRolesState;
  saving: boolean;
  onCreate: (token: NewApiToken) => Promise<void>;
  onClose: () => void;
}) {
  const [description, setDescription] = useState('');
  const [expires, setExpires] = useState<string | number>(30);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setDescription('');
    setExpires(30);
    setRoleIds([]);
    setFieldErrors({});
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = newTokenSchema.safeParse({
      description,
      expiresInDays: expires === '' ? null : Number(expires),
      roleIds,
    });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'description' || field === 'expiresInDays') errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setError(null);
    try {
      await onCreate(roles ? parsed.data : { ...parsed.data, roleIds: undefined });
      close();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Generate API token" centered>
      <form onSubmit={(event) => void submit(event)} aria-label="Generate API token" noValidate>
        <Stack gap="md">
          <DescriptionInput value={description} error={fieldErrors.description} onChange={setDescription} />
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
          <FormAlert message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Generate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
