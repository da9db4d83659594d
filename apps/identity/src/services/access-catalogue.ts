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

/** Admin-portal navigation permissions; 'fe.*' is the general admin permission. */
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
    permissions: navigationPermissions,
  },
  {
    key: adminRoleKeys.readOnly,
    name: 'Read Only',
    description: 'Sees the account administration without changing it',
    permissions: navigationPermissions.filter((key) => key.includes('.read')),
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
