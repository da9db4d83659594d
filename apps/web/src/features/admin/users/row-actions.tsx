import { ActionIcon, Menu } from '@mantine/core';
import { useCan } from '../../../components/admin';
import { useFeatureFlag } from '../../../sdk';
import type { TeamMember } from '../../../sdk/admin/users';

export type MemberAction =
  | 'editRoles'
  | 'applications'
  | 'resendActivation'
  | 'lock'
  | 'unlock'
  | 'disable'
  | 'enable'
  | 'makePermanent'
  | 'delete';

/**
 * A member's actions, in a menu the keyboard opens (Enter/Space) and walks (arrows). Actions the
 * viewer may not take, and their own disable, lock and delete, are not offered.
 */
export function RowActions({
  member,
  isSelf,
  applications = false,
  onAction,
}: {
  member: TeamMember;
  isSelf: boolean;
  /** Issue 15: the account has managed apps to assign (flag multi-apps-admin-portal). */
  applications?: boolean;
  onAction: (action: MemberAction, member: TeamMember) => void;
}) {
  const mayRoles = useCan('fe.secure.write.usersRoles');
  const mayResend = useCan('fe.secure.write.resendActivationEmail');
  const mayWrite = useCan('fe.secure.write.users');
  const mayEnable = useCan('fe.secure.write.enableDisable');
  const mayDelete = useCan('fe.secure.delete.users');
  // The 'temporary-users' flag (SPEC section 9) off: no temporary-user action either.
  const temporaryUsers = useFeatureFlag('temporary-users');
  const items: Array<[MemberAction, string, boolean]> = [
    ['editRoles', 'Edit roles', mayRoles],
    ['applications', 'Manage applications', applications && mayWrite],
    ['resendActivation', 'Resend activation email', mayResend && !member.verified],
    [
      'makePermanent',
      'Make permanent',
      temporaryUsers && mayWrite && member.temporaryExpirationDate !== null,
    ],
    ['unlock', 'Unlock', mayWrite && member.isLocked],
    ['lock', 'Lock', mayWrite && !member.isLocked && !isSelf],
    ['enable', 'Enable', mayEnable && member.isDisabled],
    ['disable', 'Disable', mayEnable && !member.isDisabled && !isSelf],
    ['delete', 'Delete', mayDelete && !isSelf],
  ];
  const offered = items.filter(([, , allowed]) => allowed);
  const label = `Actions for ${member.email}`;
  if (offered.length === 0) {
    return (
      <ActionIcon variant="subtle" aria-label={label} disabled>
        ⋯
      </ActionIcon>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {offered.map(([action, text]) => (
          <Menu.Item
            key={action}
            color={action === 'delete' || action === 'disable' || action === 'lock' ? 'red' : undefined}
            onClick={() => onAction(action, member)}
          >
            {text}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
