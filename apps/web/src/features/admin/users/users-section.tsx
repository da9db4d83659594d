import { isUserFilterPreset, isUserSortKey } from '@brizo/contract/users-list';
import { Alert, Badge, Button, Group, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  SectionPage,
  useCan,
  useConfirmation,
  useSubmit,
  type ColumnDef,
  type SortingState,
} from '../../../components/admin';
import { useAuthState, useFeatureFlag } from '../../../sdk';
import {
  useInviteLink,
  useTeamUserActions,
  useTeamUsers,
  type TeamMember,
  type UserFilterPreset,
  type UsersQuery,
} from '../../../sdk/admin/users';
import { BulkDialog } from './bulk-dialog';
import { EditRolesDialog } from './edit-roles-dialog';
import { ApplicationsDialog } from './applications-dialog';
import { useMemberApplications } from './use-member-applications';
import { InviteDialog } from './invite-dialog';
import { InviteLinkDialog } from './invite-link-dialog';
import { RowActions, type MemberAction } from './row-actions';

const presetChoices = [
  { value: 'all', label: 'All users' },
  { value: 'mfa-unenrolled', label: 'Not enrolled in MFA' },
  { value: 'breached-passwords', label: 'Breached passwords' },
  { value: 'inactive', label: 'Inactive for 90 days' },
];

const confirmations: Partial<Record<MemberAction, { title: string; text: (m: TeamMember) => string }>> = {
  delete: {
    title: 'Delete user',
    text: (m) => `Remove ${m.email} from this account? Their other accounts are not affected.`,
  },
  disable: {
    title: 'Disable user',
    text: (m) =>
      `Disable ${m.email}? They are signed out of this account and cannot sign in to it until enabled.`,
  },
  lock: { title: 'Lock user', text: (m) => `Lock ${m.email}? They cannot sign in until unlocked.` },
};

const day = (value: string | null) => (value ? new Date(value).toLocaleDateString() : '—');

function StatusBadges({ member }: { member: TeamMember }) {
  return (
    <Group gap={4}>
      {!member.verified ? (
        <Badge color="gray" variant="light">
          Not activated
        </Badge>
      ) : null}
      {member.isDisabled ? (
        <Badge color="red" variant="light">
          Disabled
        </Badge>
      ) : null}
      {member.isLocked ? (
        <Badge color="orange" variant="light">
          Locked
        </Badge>
      ) : null}
      {member.temporaryExpirationDate ? (
        <Badge color="blue" variant="light">
          Temporary until {day(member.temporaryExpirationDate)}
        </Badge>
      ) : null}
      {member.verified && !member.isDisabled && !member.isLocked && !member.temporaryExpirationDate ? (
        <Badge color="green" variant="light">
          Active
        </Badge>
      ) : null}
    </Group>
  );
}

/** Users (SPEC section 2 team dialogs): the account's members, paged, sorted, searched, managed. */
export function UsersSection() {
  const view = useTeamUsers();
  const actions = useTeamUserActions();
  const inviteLink = useInviteLink();
  const viewer = useAuthState().user;
  const viewerId = viewer?.id ?? '';
  const tenantId = viewer?.tenantId ?? '';
  const canInvite = useCan('fe.secure.write.users');
  const canInviteLink = useCan('fe.secure.write.tenantInvites');
  const canDeleteLink = useCan('fe.secure.delete.tenantInvites');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [preset, setPreset] = useState<UserFilterPreset | null>(null);
  const [pageSize, setPageSize] = useState<10 | 20>(20);
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'createdAt', desc: true }]);
  const [dialog, setDialog] = useState<'invite' | 'bulk' | 'link' | null>(null);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [assigning, setAssigning] = useState<TeamMember | null>(null);
  // Issue 15: with the flag multi-apps-admin-portal on, the apps each member can open.
  const apps = useMemberApplications(useFeatureFlag('multi-apps-admin-portal'), view.users);
  const [notice, setNotice] = useState<string | null>(null);

  const query = useMemo<UsersQuery>(() => {
    const [sort] = sorting;
    const sortKey = sort?.id;
    return {
      page,
      pageSize,
      search,
      preset,
      sortBy: isUserSortKey(sortKey) ? sortKey : 'createdAt',
      order: sort?.desc === false ? 'ASC' : 'DESC',
    };
  }, [page, pageSize, search, preset, sorting]);
  const { load } = view;
  const reload = useCallback(() => load(query), [load, query]);
  useEffect(() => reload(), [reload]);
  // A new search, filter, page size or sort starts again at the first page (a new sort kept page 2).
  useEffect(() => setPage(1), [search, preset, pageSize, sorting]);

  const run = async (action: MemberAction, member: TeamMember) => {
    const calls: Record<Exclude<MemberAction, 'editRoles' | 'applications'>, () => Promise<unknown>> = {
      resendActivation: () => actions.resendActivation(member.id),
      lock: () => actions.lock(member.id),
      unlock: () => actions.unlock(member.id),
      disable: () => actions.disable(member.id),
      enable: () => actions.enable(member.id),
      makePermanent: () => actions.makePermanent(member.id),
      delete: () => actions.remove(member.id, member.email),
    };
    if (action === 'editRoles' || action === 'applications') return;
    await calls[action]();
    if (action === 'resendActivation') setNotice(`Activation email sent to ${member.email}.`);
    reload();
  };

  const runAsked = (asked: { action: MemberAction; member: TeamMember }) => run(asked.action, asked.member);
  // An action asked for first fails in its dialog; any other in the section's notice.
  const confirmation = useConfirmation(runAsked);
  const unconfirmed = useSubmit(runAsked);
  const dismissNotice = () => {
    setNotice(null);
    unconfirmed.clear();
  };

  const onAction = (action: MemberAction, member: TeamMember) => {
    dismissNotice();
    if (action === 'editRoles') return setEditing(member);
    if (action === 'applications') return setAssigning(member);
    if (confirmations[action]) return confirmation.ask({ action, member });
    void unconfirmed.run({ action, member });
  };
  const shownNotice = notice ?? unconfirmed.error;
  const pending = confirmation.target;

  const columns = useMemo<ColumnDef<TeamMember>[]>(
    () => [
      {
        id: 'name',
        header: 'User',
        accessorFn: (member) => member.name,
        sortDescFirst: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {row.original.name || row.original.email}
            </Text>
            <Text size="xs" c="dimmed">
              {row.original.email}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'roles',
        header: 'Roles',
        enableSorting: false,
        cell: ({ row }) => (
          <Group gap={4}>
            {row.original.roles.map((role) => (
              <Badge key={role.id} variant="outline">
                {role.name}
              </Badge>
            ))}
          </Group>
        ),
      },
      ...(apps.shown
        ? [
            {
              id: 'applications',
              header: 'Applications',
              enableSorting: false,
              cell: ({ row }) => (
                <Group gap={4}>
                  {apps.namesFor(row.original.id).map((name) => (
                    <Badge key={name} variant="light" color="gray">
                      {name}
                    </Badge>
                  ))}
                </Group>
              ),
            } satisfies ColumnDef<TeamMember>,
          ]
        : []),
      {
        id: 'verified',
        header: 'Status',
        accessorFn: (member) => member.verified,
        cell: ({ row }) => <StatusBadges member={row.original} />,
      },
      {
        id: 'createdAt',
        header: 'Joined',
        accessorFn: (member) => member.createdAt,
        sortDescFirst: true,
        cell: ({ row }) => day(row.original.createdAt),
      },
      {
        id: 'lastLogin',
        header: 'Last seen',
        enableSorting: false,
        cell: ({ row }) => day(row.original.lastLogin),
      },
      {
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            member={row.original}
            isSelf={row.original.id === viewerId}
            applications={apps.shown && apps.assignable}
            onAction={onAction}
          />
        ),
      },
    ],
    // onAction only sets state; the columns need not change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [viewerId, apps.shown, apps.assignable, apps.namesFor],
  );

  const filtered = Boolean(search || preset);
  return (
    <SectionPage
      title="Users"
      description="The people of this account: invite them, give them roles, disable or remove them."
      actions={
        <>
          {canInviteLink ? (
            <Button variant="default" onClick={() => setDialog('link')}>
              Invite link
            </Button>
          ) : null}
          {canInvite ? (
            <Button variant="default" onClick={() => setDialog('bulk')}>
              Add users in bulk
            </Button>
          ) : null}
          {canInvite ? <Button onClick={() => setDialog('invite')}>Invite user</Button> : null}
        </>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or email"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={260}
        />
        <Select
          label="Show"
          data={presetChoices}
          value={preset ?? 'all'}
          onChange={(value) => setPreset(isUserFilterPreset(value) ? value : null)}
          allowDeselect={false}
          w={220}
        />
        <Select
          label="Per page"
          data={['10', '20']}
          value={String(pageSize)}
          onChange={(value) => setPageSize(value === '10' ? 10 : 20)}
          allowDeselect={false}
          w={100}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {view.totalItems} {view.totalItems === 1 ? 'user' : 'users'}
        </Text>
      </Group>
      {shownNotice ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={dismissNotice}
        >
          {shownNotice}
        </Alert>
      ) : null}
      {view.error ? <ErrorState message={view.error} onRetry={reload} /> : null}
      <DataTable
        label="Users"
        columns={columns}
        data={view.users}
        getRowId={(member) => member.id}
        sorting={sorting}
        onSortingChange={(next) => setSorting(next.length > 0 ? next : [{ id: 'createdAt', desc: true }])}
        page={page}
        pageCount={view.totalPages}
        onPageChange={setPage}
        loading={view.loading}
        empty={
          <EmptyState
            title={filtered ? 'No users match' : 'No users yet'}
            description={filtered ? 'Try another search or filter.' : 'Invite the people who work with you.'}
          />
        }
      />
      {dialog === 'invite' ? (
        <InviteDialog
          roles={view.roles}
          onInvite={async (input) => {
            await actions.invite(input);
            // The dialog closes on success: say what happened, where the list is.
            setNotice(`Invitation sent to ${input.email}.`);
            reload();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'bulk' ? (
        <BulkDialog
          roles={view.roles}
          onInvite={async (emails, roleIds) => {
            const result = await actions.inviteMany(emails, roleIds);
            reload();
            return result;
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'link' ? (
        <InviteLinkDialog
          link={inviteLink.link}
          roles={view.roles}
          canChange={canInviteLink}
          canDelete={canDeleteLink}
          onLoad={inviteLink.load}
          onCreate={inviteLink.create}
          onDelete={inviteLink.remove}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {editing ? (
        <EditRolesDialog
          member={editing}
          roles={view.roles}
          onSave={async (roleIds) => {
            await actions.updateRoles(editing.id, roleIds);
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {assigning ? (
        <ApplicationsDialog
          member={assigning}
          applications={apps.applications}
          assigned={apps.assignedTo(assigning.id)}
          onSave={(appIds) => apps.save(assigning, tenantId, appIds)}
          onClose={() => setAssigning(null)}
        />
      ) : null}
      <ConfirmDialog
        {...confirmation.dialog}
        title={pending ? (confirmations[pending.action]?.title ?? '') : ''}
        confirmLabel={pending ? (confirmations[pending.action]?.title ?? '') : ''}
      >
        {pending ? (confirmations[pending.action]?.text(pending.member) ?? '') : ''}
      </ConfirmDialog>
    </SectionPage>
  );
}
