import { Checkbox, MultiSelect, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, NameInput, useNameField, useSubmit } from '../../../components/admin';
import type {
  AccountRole,
  AccountUser,
  NewAccountUsers,
  SubAccountAccessType,
} from '../../../sdk/admin/sub-accounts';
import { accessTypeLabels, parseEmails } from './account-forms';

/** Creates a sub-account below `parentName`, or renames one (SPEC section 2: create, update). */
export function AccountNameDialog({
  mode,
  initialName,
  parentName,
  onClose,
  onSave,
}: {
  mode: 'create' | 'update';
  initialName: string;
  parentName: string;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const name = useNameField(initialName);
  const submission = useSubmit(onSave);
  const submit = async () => {
    const trimmed = name.check();
    if (trimmed === null) return;
    if (await submission.run(trimmed)) onClose();
  };
  return (
    <FormDialog
      title={mode === 'create' ? `Create a sub-account of ${parentName}` : `Edit account ${initialName}`}
      submission={submission}
      submitLabel={mode === 'create' ? 'Create account' : 'Save account'}
      noValidate
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <NameInput field={name} />
    </FormDialog>
  );
}

/** How the account's members reach the accounts below it (SPEC section 2: hierarchy settings). */
export function HierarchySettingsDialog({
  accountName,
  initial,
  onClose,
  onSave,
}: {
  accountName: string;
  initial: SubAccountAccessType;
  onClose: () => void;
  onSave: (accessType: SubAccountAccessType) => Promise<void>;
}) {
  const [value, setValue] = useState<SubAccountAccessType>(initial);
  const submission = useSubmit(onSave);
  return (
    <FormDialog
      title={`Hierarchy settings of ${accountName}`}
      submission={submission}
      submitLabel="Save settings"
      onSubmit={() => void submission.run(value).then((done) => done && onClose())}
      onClose={onClose}
    >
      <Radio.Group
        label="Access to sub-accounts"
        description="How this account's users reach the accounts below it"
        value={value}
        onChange={(next) => setValue(next as SubAccountAccessType)}
      >
        <Stack gap="xs" mt="xs">
          {(Object.keys(accessTypeLabels) as SubAccountAccessType[]).map((type) => (
            <Radio key={type} value={type} label={accessTypeLabels[type]} />
          ))}
        </Stack>
      </Radio.Group>
    </FormDialog>
  );
}

/** Adds people to an account, with roles, and whether they reach its sub-accounts (SPEC section 2). */
export function AddUsersDialog({
  accountName,
  roles,
  onClose,
  onSave,
}: {
  accountName: string;
  roles: AccountRole[];
  onClose: () => void;
  onSave: (fields: NewAccountUsers) => Promise<void>;
}) {
  const [emails, setEmails] = useState('');
  const [emailsError, setEmailsError] = useState<string | null>(null);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [allowSubAccountAccess, setAllowSubAccountAccess] = useState(false);
  const submission = useSubmit(onSave);
  const submit = async () => {
    const parsed = parseEmails(emails);
    if ('error' in parsed) {
      setEmailsError(parsed.error);
      return;
    }
    if (await submission.run({ emails: parsed.emails, roleIds, allowSubAccountAccess })) onClose();
  };
  return (
    <FormDialog
      title={`Add users to ${accountName}`}
      submission={submission}
      submitLabel="Add users"
      noValidate
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Textarea
        label="Emails"
        description="One or more, separated by commas or new lines"
        required
        data-autofocus
        autosize
        minRows={2}
        value={emails}
        error={emailsError}
        onChange={(event) => {
          setEmailsError(null);
          setEmails(event.currentTarget.value);
        }}
      />
      <RolesInput roles={roles} value={roleIds} onChange={setRoleIds} />
      <Checkbox
        label="Allow access to sub-accounts"
        checked={allowSubAccountAccess}
        onChange={(event) => setAllowSubAccountAccess(event.currentTarget.checked)}
      />
    </FormDialog>
  );
}

/** A user's roles in one account (SPEC section 2: edit user roles). */
export function EditUserRolesDialog({
  accountName,
  user,
  roles,
  onClose,
  onSave,
}: {
  accountName: string;
  user: AccountUser;
  roles: AccountRole[];
  onClose: () => void;
  onSave: (roleIds: string[]) => Promise<void>;
}) {
  const [roleIds, setRoleIds] = useState(user.roles.map((role) => role.id));
  const submission = useSubmit(onSave);
  return (
    <FormDialog
      title={`Roles of ${user.name || user.email} in ${accountName}`}
      submission={submission}
      submitLabel="Save roles"
      onSubmit={() => void submission.run(roleIds).then((done) => done && onClose())}
      onClose={onClose}
    >
      <RolesInput roles={roles} value={roleIds} onChange={setRoleIds} />
    </FormDialog>
  );
}

function RolesInput({
  roles,
  value,
  onChange,
}: {
  roles: AccountRole[];
  value: string[];
  onChange: (roleIds: string[]) => void;
}) {
  return (
    <MultiSelect
      label="Roles"
      placeholder={value.length === 0 ? 'No roles' : undefined}
      data={roles.map((role) => ({ value: role.id, label: role.name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
