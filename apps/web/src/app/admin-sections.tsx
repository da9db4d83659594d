import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { AdminSection } from '../lib/admin-portal';

/**
 * The admin portal's one sections table, read by its navigation and its routes: each section's
 * metadata key, label, path under /admin-portal and the navigation permission that shows it when its
 * visibility is byPermissions (SPEC section 6). Listed in the navigation's order (SPEC section 2 "Admin
 * portal": profile, privacy, personalApiTokens, account, users, groups, roles, security, sso,
 * provisioning, audits, webhooks, apiTokens, subscriptions, allAccounts, usage); a new section joins at
 * its place, and its page (features/admin/<section>) in ./admin-section-pages.ts, which the type
 * checker holds to this table.
 */
const sectionEntries = [
  {
    key: 'profile',
    label: 'Profile',
    path: 'profile',
  },
  {
    key: 'privacy',
    label: 'Privacy',
    path: 'privacy',
  },
  {
    key: 'personalApiTokens',
    label: 'Personal API tokens',
    path: 'personal-api-tokens',
    permission: 'fe.secure.read.userApiTokens',
  },
  {
    key: 'account',
    label: 'Account settings',
    path: 'account',
    permission: 'fe.secure.read.accountSettings',
  },
  {
    key: 'users',
    label: 'Users',
    path: 'users',
    permission: 'fe.secure.read.users',
  },
  {
    key: 'groups',
    label: 'Groups',
    path: 'groups',
    permission: 'fe.secure.read.groups',
    flag: 'groups-admin-box-new',
  },
  {
    key: 'roles',
    label: 'Roles',
    path: 'roles',
    permission: 'fe.secure.read.roles',
  },
  {
    key: 'security',
    label: 'Security',
    path: 'security',
    permission: 'fe.secure.read.securityPolicy',
  },
  {
    key: 'sso',
    label: 'SSO',
    path: 'sso',
    permission: 'fe.secure.read.samlConfiguration',
  },
  {
    key: 'provisioning',
    label: 'Provisioning',
    path: 'provisioning',
    permission: 'fe.secure.read.provisioningConfiguration',
  },
  {
    key: 'audits',
    label: 'Audit logs',
    path: 'audits',
    permission: 'fe.secure.read.audits',
  },
  {
    key: 'webhooks',
    label: 'Webhooks',
    path: 'webhooks',
    permission: 'fe.connectivity.read.webhooks',
  },
  {
    key: 'apiTokens',
    label: 'API tokens',
    path: 'api-tokens',
    permission: 'fe.secure.read.tenantApiTokens',
  },
  {
    key: 'subscriptions',
    label: 'Subscription',
    path: 'subscription',
    permission: 'fe.subscriptions.*',
  },
  {
    key: 'allAccounts',
    label: 'All accounts',
    path: 'all-accounts',
    permission: 'fe.account-hierarchy.read.subAccount',
    flag: 'msp-all-accounts-new',
  },
  {
    key: 'usage',
    label: 'Usage',
    path: 'usage',
    permission: 'fe.usage.read',
  },
] as const satisfies readonly AdminSection[];

/** The sections the portal has built (the keys of ./admin-section-pages.ts). */
export type BuiltSectionKey = (typeof sectionEntries)[number]['key'];

export const adminSections: readonly AdminSection[] = sectionEntries;

// The sections' imports live in a lazy module of their own: in this module, which the login page's chunk
// holds (the router imports it), each import's list of chunks to preload cost that page about 0.9 kB of
// gzip (docs/decisions/0003). A section's route fetches that small module beside the portal's layout.
export async function loadAdminSectionPage(key: BuiltSectionKey): Promise<ComponentType> {
  const { adminSectionPages } = await import('./admin-section-pages');
  return adminSectionPages[key]();
}

export const adminSectionRoutes: RouteObject[] = sectionEntries.map(({ key, path }) => {
  const Section = lazy(async () => ({ default: await loadAdminSectionPage(key) }));
  return { path: `${path}/*`, element: <Section /> };
});
