// The admin portal's permissions (SPEC section 6): the keys the server seeds and checks and the web
// app shows or hides sections by, and the one wildcard rule both apply to every permission.

/** Admin-portal navigation permissions (SPEC section 6); 'fe.*' is the general admin permission. */
export const navigationPermissions = [
  'fe.usage.read',
  'fe.connectivity.read.webhooks',
  'fe.secure.read.roles',
  'fe.secure.read.users',
  'fe.secure.read.userApiTokens',
  'fe.secure.read.tenantApiTokens',
  'fe.secure.read.accountSettings',
  'fe.secure.read.securityPolicy',
  'fe.secure.read.samlConfiguration',
  'fe.secure.read.provisioningConfiguration',
  'fe.secure.read.audits',
  'fe.subscriptions.*',
  'fe.account-hierarchy.read.subAccount',
  'fe.secure.read.groups',
  'fe.*',
] as const;

/**
 * What an administrator may change, in the vocabulary of the vendor's permission catalogue
 * (the same keys the hosted portal checks). The server checks one of these on every admin call;
 * reading needs the section's navigation permission above.
 */
export const adminWritePermissions = [
  'fe.secure.write.users',
  'fe.secure.delete.users',
  'fe.secure.write.usersRoles',
  'fe.secure.delete.usersRoles',
  'fe.secure.write.resendActivationEmail',
  'fe.secure.write.enableDisable',
  'fe.secure.write.tenantInvites',
  'fe.secure.delete.tenantInvites',
  'fe.secure.delete.sessions',
  'fe.secure.write.groups',
  'fe.secure.delete.groups',
  'fe.secure.write.groupsRoles',
  'fe.secure.write.groupsUsers',
  'fe.secure.delete.groupsUsers',
  'fe.secure.read.permissions',
  'fe.secure.write.roles',
  'fe.secure.delete.role',
  'fe.secure.write.accountSettings',
  'fe.account-settings.write.custom-login-box',
  'fe.secure.write.securityPolicy',
  'fe.secure.read.ipRestrictions',
  'fe.secure.write.ipRestrictions',
  'fe.secure.delete.ipRestrictions',
  'fe.secure.read.emailDomainRestrictions',
  'fe.secure.write.emailDomainRestrictions',
  'fe.secure.delete.emailDomainRestrictions',
  'fe.secure.write.userApiTokens',
  'fe.secure.delete.userApiTokens',
  'fe.secure.write.tenantApiTokens',
  'fe.secure.delete.tenantApiTokens',
  'fe.secure.write.samlConfiguration',
  'fe.secure.delete.samlConfiguration',
  'fe.secure.write.provisioningConfiguration',
  'fe.secure.delete.provisioningConfiguration',
  'fe.connectivity.write.webhook',
  'fe.connectivity.delete.webhook',
  'fe.account-hierarchy.write.subAccount',
  'fe.account-hierarchy.delete.subAccount',
] as const;

export type AdminPermission = (typeof navigationPermissions)[number] | (typeof adminWritePermissions)[number];

/** Every permission of the admin portal, for the seed. */
export const adminPermissions: readonly AdminPermission[] = /* @__PURE__ */ (
  navigationPermissions as readonly AdminPermission[]
).concat(adminWritePermissions);

/**
 * SPEC section 5: permission checks use wildcards where `*` matches anything, so 'fe.*' grants
 * every admin permission and 'fe.subscriptions.*' every billing one.
 */
export function grantsPermission(granted: readonly string[], wanted: string): boolean {
  return granted.some((pattern) => {
    if (pattern === wanted) return true;
    if (!pattern.includes('*')) return false;
    const expression = pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${expression}$`).test(wanted);
  });
}
