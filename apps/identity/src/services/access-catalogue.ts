// The roles and permissions the product relies on (SPEC section 6), created by the seed. The keys
// themselves are shared with the web app (@brizo/contract).
import {
  adminPermissions,
  productRoleKeys,
  type AdminPermission,
  type ProductPermission,
} from '@brizo/contract';

export const adminRoleKeys = { admin: 'Admin', readOnly: 'ReadOnly' } as const;

/** The other demo roles of SPEC section 6, narrower than Admin: for the portal's role pickers and tests. */
export const demoRoleKeys = { support: 'Support', editor: 'Editor', viewer: 'Viewer' } as const;

/** The Read Only administrator: every section's read permission, nothing that changes anything. */
const readOnlyPermissions = adminPermissions.filter((key) => /\.read(\.|$)/.test(key));

/** Sees the team, its groups and roles (SPEC "Demo roles": Viewer). */
const viewerPermissions = [
  'fe.secure.read.users',
  'fe.secure.read.groups',
  'fe.secure.read.roles',
] as const satisfies readonly AdminPermission[];

/**
 * Helps members who cannot get in: sees the team, the security settings and the audits, sends
 * activation mails again, enables or disables a member and ends their sessions; changes no settings.
 */
const supportPermissions = [
  ...viewerPermissions,
  'fe.secure.read.securityPolicy',
  'fe.secure.read.audits',
  'fe.secure.write.resendActivationEmail',
  'fe.secure.write.enableDisable',
  'fe.secure.delete.sessions',
] as const satisfies readonly AdminPermission[];

/**
 * Keeps the team up to date: invites members, gives them roles (only roles within its own
 * permissions: services/team/members.ts) and arranges groups; no security, tokens, roles or account settings.
 */
const editorPermissions = [
  ...viewerPermissions,
  'fe.secure.write.users',
  'fe.secure.write.usersRoles',
  'fe.secure.write.resendActivationEmail',
  'fe.secure.write.tenantInvites',
  'fe.secure.write.groups',
  'fe.secure.write.groupsUsers',
  'fe.secure.delete.groupsUsers',
] as const satisfies readonly AdminPermission[];

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
  {
    key: demoRoleKeys.support,
    name: 'Support',
    description:
      'Helps members sign in: sees the team and security settings, resends activation mails, ends sessions',
    permissions: supportPermissions,
  },
  {
    key: demoRoleKeys.editor,
    name: 'Editor',
    description: 'Invites members, gives them roles and arranges groups',
    permissions: editorPermissions,
  },
  {
    key: demoRoleKeys.viewer,
    name: 'Viewer',
    description: 'Sees the team, its groups and roles',
    permissions: viewerPermissions,
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

/**
 * What each permission lets a person do, shown beside its name in the Roles section (the names only
 * spell out the keys: "Account hierarchy read sub account").
 */
export const permissionDescriptions: Readonly<Record<ProductPermission | AdminPermission, string>> = {
  'bfm.base': 'Use Brizo FoodMetrics with a paid subscription',
  'bfm.trial': 'Use Brizo FoodMetrics during a free trial',
  'bfm.geo.us': 'See menu and trend data for the United States',
  'bfm.geo.ca': 'See menu and trend data for Canada',
  'bfm.geo.eu': 'See menu and trend data for Europe',
  'fe.usage.read': "See the account's usage",
  'fe.connectivity.read.webhooks': "See the account's webhooks",
  'fe.secure.read.roles': 'See the roles and which permissions each one gives',
  'fe.secure.read.users': "See the account's users, their roles and status",
  'fe.secure.read.userApiTokens': 'See their own personal API tokens',
  'fe.secure.read.tenantApiTokens': "See the account's API tokens",
  'fe.secure.read.accountSettings': "See the account's name, address, timezone, formats and logo",
  'fe.secure.read.securityPolicy': 'See the session, MFA, lockout and password policies',
  'fe.secure.read.samlConfiguration': "See the account's single sign-on (SSO) setup",
  'fe.secure.read.provisioningConfiguration': 'See how users are provisioned from a directory (SCIM)',
  'fe.secure.read.audits': "Read the account's audit log",
  'fe.subscriptions.*': "See and manage the account's subscription and billing",
  'fe.account-hierarchy.read.subAccount': "See the account's sub-accounts",
  'fe.secure.read.groups': 'See the groups and their members',
  'fe.*': 'Do everything in the admin portal',
  'fe.secure.write.users': 'Invite users and change their details',
  'fe.secure.delete.users': 'Remove users from the account',
  'fe.secure.write.usersRoles': 'Give users roles',
  'fe.secure.delete.usersRoles': 'Take roles away from users',
  'fe.secure.write.resendActivationEmail': 'Send a user their activation email again',
  'fe.secure.write.enableDisable': 'Disable and re-enable users',
  'fe.secure.write.tenantInvites': 'Create and change the invite link',
  'fe.secure.delete.tenantInvites': 'Delete the invite link',
  'fe.secure.delete.sessions': "End other users' sessions",
  'fe.secure.write.groups': 'Create and rename groups',
  'fe.secure.delete.groups': 'Delete groups',
  'fe.secure.write.groupsRoles': 'Give groups roles',
  'fe.secure.write.groupsUsers': 'Add users to groups',
  'fe.secure.delete.groupsUsers': 'Remove users from groups',
  'fe.secure.read.permissions': 'See the permission catalogue',
  'fe.secure.write.roles': 'Create roles and choose their permissions',
  'fe.secure.delete.role': 'Delete roles',
  'fe.secure.write.accountSettings': "Change the account's name, address, timezone, formats and logo",
  'fe.account-settings.write.custom-login-box': "Change the account's login box (logo, colours)",
  'fe.secure.write.securityPolicy': 'Change the session, MFA, lockout and password policies',
  'fe.secure.read.ipRestrictions': 'See which IP addresses may reach the account',
  'fe.secure.write.ipRestrictions': 'Add IP addresses to the allow or block list and enforce it',
  'fe.secure.delete.ipRestrictions': 'Remove IP addresses from the lists',
  'fe.secure.read.emailDomainRestrictions': 'See which email domains may join the account',
  'fe.secure.write.emailDomainRestrictions': 'Allow or block email domains',
  'fe.secure.delete.emailDomainRestrictions': 'Remove email domains from the lists',
  'fe.secure.write.userApiTokens': 'Create personal API tokens',
  'fe.secure.delete.userApiTokens': 'Delete personal API tokens',
  'fe.secure.write.tenantApiTokens': 'Create API tokens for the account',
  'fe.secure.delete.tenantApiTokens': "Delete the account's API tokens",
  'fe.secure.write.samlConfiguration': 'Set up single sign-on (SSO)',
  'fe.secure.delete.samlConfiguration': 'Remove single sign-on (SSO)',
  'fe.secure.write.provisioningConfiguration': 'Set up user provisioning (SCIM)',
  'fe.secure.delete.provisioningConfiguration': 'Remove user provisioning (SCIM)',
  'fe.connectivity.write.webhook': 'Create and change webhooks',
  'fe.connectivity.delete.webhook': 'Delete webhooks',
  'fe.account-hierarchy.write.subAccount': 'Create and change sub-accounts',
  'fe.account-hierarchy.delete.subAccount': 'Delete sub-accounts',
};
