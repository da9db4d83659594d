import type { GroupsConfiguration } from '../../../sdk/admin/groups';

/** What the Groups section offers the viewer. */
export interface GroupOffers {
  create: boolean;
  edit: boolean;
  remove: boolean;
  addRoles: boolean;
  removeRoles: boolean;
  addMembers: boolean;
  removeMembers: boolean;
  /** Whether the viewer may turn groups, and roles on groups, on and off. */
  configure: boolean;
}

/**
 * The viewer's permissions, narrowed by the tenant's groups configuration (`null` while it is not
 * known): groups off, nothing is created, edited or added; roles on groups off, no role is added.
 * Removing and deleting stay offered, to tidy up, as the server allows.
 */
export function groupOffers(
  configuration: GroupsConfiguration | null,
  may: (permission: string) => boolean,
): GroupOffers {
  const groupsOn = configuration?.enabled === true;
  const rolesOn = groupsOn && configuration.rolesEnabled;
  return {
    create: groupsOn && may('fe.secure.write.groups'),
    edit: groupsOn && may('fe.secure.write.groups'),
    remove: may('fe.secure.delete.groups'),
    addRoles: rolesOn && may('fe.secure.write.groupsRoles'),
    removeRoles: may('fe.secure.write.groupsRoles'),
    addMembers: groupsOn && may('fe.secure.write.groupsUsers'),
    removeMembers: may('fe.secure.delete.groupsUsers'),
    configure: may('fe.secure.write.groups'),
  };
}
