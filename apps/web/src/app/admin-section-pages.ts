import type { ComponentType } from 'react';
import type { BuiltSectionKey } from './admin-sections';

/**
 * Each admin section's page (features/admin/<section>), a chunk of its own, keyed as in the sections
 * table (./admin-sections.tsx). Loaded lazily by the sections' routes, so the login page's chunk does not
 * carry these imports and their preload lists.
 */
export const adminSectionPages: Record<BuiltSectionKey, () => Promise<ComponentType>> = {
  profile: () => import('../features/admin/profile').then((m) => m.ProfileSection),
  privacy: () => import('../features/admin/privacy').then((m) => m.PrivacySection),
  personalApiTokens: () =>
    import('../features/admin/personal-api-tokens').then((m) => m.PersonalApiTokensSection),
  account: () => import('../features/admin/account').then((m) => m.AccountSection),
  users: () => import('../features/admin/users').then((m) => m.UsersSection),
  groups: () => import('../features/admin/groups').then((m) => m.GroupsSection),
  roles: () => import('../features/admin/roles').then((m) => m.RolesSection),
  security: () => import('../features/admin/security').then((m) => m.SecuritySection),
  sso: () => import('../features/admin/sso').then((m) => m.SsoSection),
  provisioning: () => import('../features/admin/provisioning').then((m) => m.ProvisioningSection),
  audits: () => import('../features/admin/audits').then((m) => m.AuditsSection),
  webhooks: () => import('../features/admin/webhooks').then((m) => m.WebhooksSection),
  apiTokens: () => import('../features/admin/api-tokens').then((m) => m.ApiTokensSection),
  subscriptions: () => import('../features/admin/subscription').then((m) => m.SubscriptionSection),
  allAccounts: () => import('../features/admin/all-accounts').then((m) => m.AllAccountsSection),
  usage: () => import('../features/admin/usage').then((m) => m.UsageSection),
};
