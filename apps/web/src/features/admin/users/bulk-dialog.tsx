import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import type { TeamRole } from '../../../sdk/admin/users';
import { parseEmails } from './member-forms';
import { RolePicker } from './role-picker';

interface BulkResult {
  allowedEmails: string[];
  unallowedEmails: string[];
}

/** Add several people at once (SPEC section 5: one invite per email; SPEC section 8: which were added). */
export function BulkDialog({
  roles,
  onInvite,
  onClose,
}: {
  roles: TeamRole[];
  onInvite: (emails: string[], roleIds: string[]) => Promise<BulkResult>;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [result, setResult] = useState<BulkResult | null>(null);
  // The list's own checks speak in the form's alert, like the server's refusal.
  const inviting = useSubmit(async (listed: string) => {
    const { valid, invalid } = parseEmails(listed);
    if (valid.length === 0) throw new Error('Enter at least one email address.');
    if (invalid.length > 0) throw new Error(`Not valid emails: ${invalid.join(', ')}`);
    setResult(await onInvite(valid, roleIds));
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void inviting.run(text);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Add users in bulk"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      centered
    >
      {result ? (
        <Stack gap="sm" role="status">
          <Text size="sm">
            {result.allowedEmails.length} invited, {result.unallowedEmails.length} not invited.
          </Text>
          {result.unallowedEmails.length > 0 ? (
            <>
              <Text size="sm" fw={600}>
                Not invited
              </Text>
              <List size="sm" aria-label="Not invited">
                {result.unallowedEmails.map((email) => (
                  <List.Item key={email}>{email}</List.Item>
                ))}
              </List>
            </>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea
              label="Emails"
              description="One per line, or separated by commas"
              autosize
              minRows={4}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              data-autofocus
            />
            <RolePicker roles={roles} value={roleIds} onChange={setRoleIds} />
            <FormAlert message={inviting.error} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={inviting.pending}>
                Cancel
              </Button>
              <Button type="submit" loading={inviting.pending}>
                Invite all
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
