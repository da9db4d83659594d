// SPEC section 2 "Admin portal": the sections of the vendor's adminBox metadata (`navigation.<section>`)
// and how visible each is. The server answers the defaults; the web app reads the same keys.

/** The sections, in the portal's order. */
export const adminSections = [
  'profile',
  'privacy',
  'personalApiTokens',
  'account',
  'users',
  'groups',
  'roles',
  'security',
  'sso',
  'provisioning',
  'audits',
  'webhooks',
  'apiTokens',
  'subscriptions',
  'allAccounts',
  'usage',
] as const;
export type AdminSectionKey = (typeof adminSections)[number];

export const sectionVisibilities = ['always', 'hidden', 'byPermissions'] as const;
export type SectionVisibility = (typeof sectionVisibilities)[number];

/** The personal sections every signed-in user sees; the rest follow the navigation permissions (SPEC section 6). */
export const alwaysVisibleSections: readonly AdminSectionKey[] = ['profile', 'privacy'];

/** Where a custom login box puts the other ways to sign in (social, passkey, phone) around its form. */
export const socialLoginsPlacements = ['top', 'bottom'] as const;
export type SocialLoginsPlacement = (typeof socialLoginsPlacements)[number];
