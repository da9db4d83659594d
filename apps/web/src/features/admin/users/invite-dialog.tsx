import { Select, Switch } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, TextField, fieldErrorsOf, useAdminPortal, useSubmit } from '../../../components/admin';
import { useFeatureFlag } from '../../../sdk';
import type { InviteInput, TeamRole } from '../../../sdk/admin/users';
import { inviteFieldSetting } from './invite-fields';
import { expirationChoices, inviteSchema } from './member-forms';
import { RolePicker } from './role-picker';

const inviteeFields = ['email', 'name', 'phoneNumber', 'username'] as const;
type FieldErrors = Partial<Record<(typeof inviteeFields)[number], string>>;

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
  const submission = useSubmit(async (input: InviteInput) => {
    await onInvite(input);
  });

  const submit = async () => {
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
    const found: FieldErrors = {
      ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues, inviteeFields)),
      ...required,
    };
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    const { name: givenName, phoneNumber: phone, username: handle, ...rest } = parsed.data;
    const invited = await submission.run({
      ...rest,
      ...(givenName ? { name: givenName } : {}),
      ...(phone ? { phoneNumber: phone } : {}),
      ...(handle ? { username: handle } : {}),
    });
    if (invited) onClose();
  };

  return (
    <FormDialog
      title="Invite user"
      closeLabel="Close dialog"
      gap="sm"
      noValidate
      submission={submission}
      submitLabel="Invite"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label="Email"
        type="email"
        required
        isFocusedFirst
        value={email}
        error={errors.email}
        onChange={setEmail}
      />
      {fields.name.shown ? (
        <TextField
          label="Name"
          required={fields.name.required}
          value={name}
          error={errors.name}
          onChange={setName}
        />
      ) : null}
      {fields.phoneNumber.shown ? (
        <TextField
          label="Phone number"
          type="tel"
          required={fields.phoneNumber.required}
          value={phoneNumber}
          error={errors.phoneNumber}
          onChange={setPhoneNumber}
        />
      ) : null}
      {fields.username.shown ? (
        <TextField
          label="Username"
          required={fields.username.required}
          value={username}
          error={errors.username}
          onChange={setUsername}
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
    </FormDialog>
  );
}
