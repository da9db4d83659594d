import { describe, expect, it } from 'vitest';
import { adminSectionRoutes, adminSections } from './admin-sections';

// SPEC section 2 "Admin portal": the navigation's order, including sections not built yet.
const navigationOrder = [
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
];

describe('the admin sections table', () => {
  it("lists the sections in the navigation's order", () => {
    const keys: string[] = adminSections.map((section) => section.key);
    expect(keys).toEqual(navigationOrder.filter((key) => keys.includes(key)));
  });

  it('gives every section in the navigation a route of its own', () => {
    expect(adminSectionRoutes.map((route) => route.path)).toEqual(
      adminSections.map((section) => `${section.path}/*`),
    );
  });
});
