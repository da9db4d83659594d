import { INVITE_LINK_DEFAULT_MINUTES } from '@brizo/contract/invite-link';
import { Button, CopyButton, Group, Modal, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import type { InviteLink, TeamRole } from '../../../sdk/admin/users';
import { inviteLinkSchema, inviteLinkUrl } from './member-forms';
import { RolePicker } from './role-picker';

/**
 * The account's invite link (SPEC section 3 "Invite link"): whoever opens it signs up into this
 * account until it expires. Copy it, or let the sign-ups be mailed their activation link.
 */
export function InviteLinkDialog({
  link,
  roles,
  canChange,
  canDelete,
  onLoad,
  onCreate,
  onDelete,
  onClose,
}: {
  link: InviteLink | null;
  roles: TeamRole[];
  canChange: boolean;
  canDelete: boolean;
  onLoad: () => void;
  onCreate: (expiresInMinutes: number, shouldSendEmail: boolean, roleIds: string[]) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [minutes, setMinutes] = useState<number | string>(INVITE_LINK_DEFAULT_MINUTES);
  const [shouldSendEmail, setShouldSendEmail] = useState(true);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  // Creating and deleting the link share the dialog's alert and busy state.
  const change = useSubmit(async (action: () => Promise<unknown>) => {
    await action();
  });
  useEffect(() => {
    onLoad();
  }, [onLoad]);

  const create = () =>
    void change.run(async () => {
      const parsed = inviteLinkSchema.safeParse({
        expiresInMinutes: Number(minutes),
        shouldSendEmail,
        roleIds,
      });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid value');
      await onCreate(parsed.data.expiresInMinutes, parsed.data.shouldSendEmail, parsed.data.roleIds);
    });
  const url = link ? inviteLinkUrl(window.location.origin, link.token) : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title="Invite link"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      centered
      size="lg"
    >
      <Stack gap="sm">
        {url && link ? (
          <>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label="Invite link"
                value={url}
                readOnly
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              Expires {new Date(link.expires).toLocaleString()}.
              {link.shouldSendEmail ? ' People who sign up with it are mailed their activation link.' : ''}
            </Text>
          </>
        ) : (
          <Text size="sm">This account has no invite link.</Text>
        )}
        {canChange ? (
          <>
            <NumberInput
              label="Expires after (minutes)"
              description="43200 minutes is 30 days"
              min={1}
              max={525_600}
              value={minutes}
              onChange={setMinutes}
            />
            <RolePicker
              roles={roles}
              value={roleIds}
              onChange={setRoleIds}
              label="Roles of people who join"
            />
            <Switch
              label="Send the activation email"
              checked={shouldSendEmail}
              onChange={(event) => setShouldSendEmail(event.currentTarget.checked)}
            />
          </>
        ) : null}
        <FormAlert message={change.error} />
        <Group justify="flex-end" gap="sm">
          {link && canDelete ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => void change.run(onDelete)}
              disabled={change.pending}
            >
              Delete link
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {canChange ? (
            <Button onClick={create} loading={change.pending}>
              {link ? 'Create new link' : 'Create link'}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
