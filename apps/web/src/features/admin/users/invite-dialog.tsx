import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAdminPortal } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import { useFeatureFlag } from '../../../sdk';
import type { InviteInput, TeamRole } from '../../../sdk/admin/users';
import { inviteFieldSetting } from './invite-fields';
import { expirationChoices, inviteSchema } from './member-forms';
import { RolePicker } from './role-picker';

type FieldErrors = Partial<Record<'email' | 'name' | 'phoneNumber' | 'username', string>>;

/** Invite one person (SPEC section 2 "add user"): email, name, roles, optionally for a limited time. */
export function InviteDialog({
  roles,
  onInvite,
  onClose,
}: {
  roles: TeamRole[];
  onInvite: (input: InviteInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { configuration } = useAdminPortal();
  const fields = {
    name: inviteFieldSetting(configuration, 'name'),
    phoneNumber: inviteFieldSetting(configuration, 'phoneNumber'),
    username: inviteFieldSetting(configuration, 'username'),
  };
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [username, setUsername] = useState('');
  const [roleIds, setRoleIds] = useState<string[]>([]);
  // The 'temporary-users' flag (SPEC section 9) turns temporary members off: nothing offers them then.
  const temporaryUsers = useFeatureFlag('temporary-users');
  const [temporary, setTemporary] = useState(false);
  const [expiration, setExpiration] = useState<string>(expirationChoices[1].value);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const required: FieldErrors = {};
    if (fields.name.required && !name.trim()) required.name = 'Name is required';
    if (fields.phoneNumber.required && !phoneNumber.trim()) required.phoneNumber = 'Phone number is required';
    if (fields.username.required && !username.trim()) required.username = 'Username is required';
    const parsed = inviteSchema.safeParse({
      email,
      name: fields.name.shown ? name : undefined,
      phoneNumber: fields.phoneNumber.shown ? phoneNumber : undefined,
      username: fields.username.shown ? username : undefined,
      roleIds,
      expirationInSeconds: temporaryUsers && temporary ? Number(expiration) : undefined,
    });
    const found: FieldErrors = { ...required };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'email' || key === 'name' || key === 'phoneNumber' || key === 'username')
          found[key] ??= issue.message;
      }
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    const { name: givenName, phoneNumber: phone, username: handle, ...rest } = parsed.data;
    setSaving(true);
    setFormError(null);
    try {
      await onInvite({
        ...rest,
        ...(givenName ? { name: givenName } : {}),
        ...(phone ? { phoneNumber: phone } : {}),
        ...(handle ? { username: handle } : {}),
      });
      onClose();
    } catch (caught) {
      setFormError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Invite user"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            data-autofocus
          />
          {fields.name.shown ? (
            <TextInput
              label="Name"
              autoComplete="off"
              required={fields.name.required}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
            />
          ) : null}
          {fields.phoneNumber.shown ? (
            <TextInput
              label="Phone number"
              type="tel"
              autoComplete="off"
              required={fields.phoneNumber.required}
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.currentTarget.value)}
              error={errors.phoneNumber}
            />
          ) : null}
          {fields.username.shown ? (
            <TextInput
              label="Username"
              autoComplete="off"
              required={fields.username.required}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              error={errors.username}
            />
          ) : null}
          <RolePicker roles={roles} value={roleIds} onChange={setRoleIds} />
          {temporaryUsers ? (
            <Switch
              label="Temporary user"
              description="Access ends after the chosen time"
              checked={temporary}
              onChange={(event) => setTemporary(event.currentTarget.checked)}
            />
          ) : null}
          {temporaryUsers && temporary ? (
            <Select
              label="Access for"
              data={expirationChoices.map((choice) => ({ ...choice }))}
              value={expiration}
              onChange={(value) => setExpiration(value ?? expirationChoices[1].value)}
              allowDeselect={false}
            />
          ) : null}
          <FormAlert message={formError} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
