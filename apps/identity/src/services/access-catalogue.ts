// The roles and permissions the product relies on (SPEC section 6), created by the seed.

export const productRoleKeys = {
  base: 'bfm-base',
  unrestricted: 'bfm-unrestricted',
  trial: 'bfm-trial',
  expiredTrial: 'bfm-expired-trial',
} as const;

export const adminRoleKeys = { admin: 'Admin', readOnly: 'ReadOnly' } as const;

export const productPermissions = [
  'bfm.base',
  'bfm.trial',
  'bfm.geo.us',
  'bfm.geo.ca',
  'bfm.geo.eu',
] as const;

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
export const adminPermissions: readonly AdminPermission[] = [
  ...navigationPermissions,
  ...adminWritePermissions,
];

/** The Read Only administrator: every section's read permission, nothing that changes anything. */
const readOnlyPermissions = adminPermissions.filter((key) => /\.read(\.|$)/.test(key));

export const PRODUCT_CATEGORY = 'brizo-foodmetrics';
export const ADMIN_CATEGORY = 'admin-portal';

export interface RoleDefinition {
  key: string;
  name: string;
  description: string;
  permissions: readonly string[];
}

export const roleDefinitions: RoleDefinition[] = [
  {
    key: productRoleKeys.base,
    name: 'Brizo base',
    description: 'Regular (paid) access',
    permissions: ['bfm.base', 'bfm.geo.us'],
  },
  {
    key: productRoleKeys.unrestricted,
    name: 'Brizo unrestricted',
    description: 'Regular (paid) access',
    permissions: ['bfm.base', 'bfm.geo.us'],
  },
  {
    key: productRoleKeys.trial,
    name: 'Brizo trial',
    description: 'Free trial access',
    permissions: ['bfm.trial', 'bfm.geo.us'],
  },
  {
    key: productRoleKeys.expiredTrial,
    name: 'Brizo expired trial',
    description: 'Free trial that has ended',
    permissions: ['bfm.trial', 'bfm.geo.us'],
  },
  {
    key: adminRoleKeys.admin,
    name: 'Admin',
    description: 'Administers the account',
    permissions: adminPermissions,
  },
  {
    key: adminRoleKeys.readOnly,
    name: 'Read Only',
    description: 'Sees the account administration without changing it',
    permissions: readOnlyPermissions,
  },
];

const words = (key: string) =>
  key
    .replace(/^fe\./, '')
    .split(/[.-]/)
    .filter((part) => part && part !== '*')
    .map((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())
    .join(' ');

export const permissionName = (key: string): string =>
  key === 'fe.*' ? 'Account administration (all)' : words(key).replace(/^./, (c) => c.toUpperCase());
