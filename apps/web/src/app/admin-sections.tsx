import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { AdminSection } from '../lib/admin-portal';

/** A section of the admin portal with the chunk that renders it. */
interface SectionEntry extends AdminSection {
  load: () => Promise<ComponentType>;
}

/**
 * The admin portal's one sections table, read by its navigation and its routes: each section's
 * metadata key, label, path under /admin-portal, the navigation permission that shows it when its
 * visibility is byPermissions (SPEC section 6) and its lazily loaded feature
 * (features/admin/<section>). Listed in the navigation's order (SPEC section 2 "Admin portal":
 * profile, privacy, personalApiTokens, account, users, groups, roles, security, sso, provisioning,
 * audits, webhooks, apiTokens, subscriptions, allAccounts, usage); a new section joins at its place.
 */
const sectionEntries: readonly SectionEntry[] = [
  {
    key: 'profile',
    label: 'Profile',
    path: 'profile',
    load: () => import('../features/admin/profile').then((m) => m.ProfileSection),
  },
  {
    key: 'privacy',
    label: 'Privacy',
    path: 'privacy',
    load: () => import('../features/admin/privacy').then((m) => m.PrivacySection),
  },
  {
    key: 'personalApiTokens',
    label: 'Personal API tokens',
    path: 'personal-api-tokens',
    permission: 'fe.secure.read.userApiTokens',
    load: () => import('../features/admin/personal-api-tokens').then((m) => m.PersonalApiTokensSection),
  },
  {
    key: 'account',
    label: 'Account settings',
    path: 'account',
    permission: 'fe.secure.read.accountSettings',
    load: () => import('../features/admin/account').then((m) => m.AccountSection),
  },
  {
    key: 'users',
    label: 'Users',
    path: 'users',
    permission: 'fe.secure.read.users',
    load: () => import('../features/admin/users').then((m) => m.UsersSection),
  },
  {
    key: 'groups',
    label: 'Groups',
    path: 'groups',
    permission: 'fe.secure.read.groups',
    load: () => import('../features/admin/groups').then((m) => m.GroupsSection),
  },
  {
    key: 'roles',
    label: 'Roles',
    path: 'roles',
    permission: 'fe.secure.read.roles',
    load: () => import('../features/admin/roles').then((m) => m.RolesSection),
  },
  {
    key: 'security',
    label: 'Security',
    path: 'security',
    permission: 'fe.secure.read.securityPolicy',
    load: () => import('../features/admin/security').then((m) => m.SecuritySection),
  },
  {
    key: 'sso',
    label: 'SSO',
    path: 'sso',
    permission: 'fe.secure.read.samlConfiguration',
    load: () => import('../features/admin/sso').then((m) => m.SsoSection),
  },
  {
    key: 'provisioning',
    label: 'Provisioning',
    path: 'provisioning',
    permission: 'fe.secure.read.provisioningConfiguration',
    load: () => import('../features/admin/provisioning').then((m) => m.ProvisioningSection),
  },
  {
    key: 'apiTokens',
    label: 'API tokens',
    path: 'api-tokens',
    permission: 'fe.secure.read.tenantApiTokens',
    load: () => import('../features/admin/api-tokens').then((m) => m.ApiTokensSection),
  },
];

export const adminSections: readonly AdminSection[] = sectionEntries.map(
  ({ load: _load, ...section }) => section,
);

export const adminSectionRoutes: RouteObject[] = sectionEntries.map(({ path, load }) => ({
  path: `${path}/*`,
  lazy: async () => ({ Component: await load() }),
}));
