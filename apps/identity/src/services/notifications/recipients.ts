import { grantsPermission } from '@brizo/contract';
import type { Db } from '../../db/client.js';
import { findMemberIdsOfTenant } from '../../db/queries/groups.js';
import { findPermissionsByIds } from '../../db/queries/permissions.js';
import { findHoldersOfRoles, findRolesVisibleToTenant } from '../../db/queries/roles.js';
import { adminRoleKeys } from '../access-catalogue.js';

/** What a notification's reader must be able to open: the audit log the notification points at. */
export const NOTIFIED_PERMISSION = 'fe.secure.read.audits';

/**
 * The tenant's administrators who hear of its severe events: the members holding the Admin role or a
 * role that grants the audit log (fe.secure.read.audits, or a wildcard covering it), directly or through
 * one of the tenant's groups. Read inside the dispatcher's transaction, so a role changed by the same
 * commit as the event is seen as it is.
 */
export async function findTenantAdministrators(db: Db, tenantId: string): Promise<string[]> {
  const roles = await findRolesVisibleToTenant(db, tenantId);
  const permissionIds = [...new Set(roles.flatMap((entry) => entry.permissionIds))];
  const keyOf = new Map(
    (await findPermissionsByIds(db, permissionIds)).map((permission) => [permission.id, permission.key]),
  );
  const notifiedRoleIds = roles
    .filter(
      ({ role, permissionIds: ids }) =>
        role.key === adminRoleKeys.admin ||
        grantsPermission(
          ids.flatMap((id) => keyOf.get(id) ?? []),
          NOTIFIED_PERMISSION,
        ),
    )
    .map(({ role }) => role.id);
  const { userIds } = await findHoldersOfRoles(db, tenantId, notifiedRoleIds);
  // A group keeps its users' rows after they leave the account: only current members are told.
  return findMemberIdsOfTenant(db, tenantId, [...new Set(userIds)]);
}
