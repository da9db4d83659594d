import { describe, expect, it } from 'vitest';
import {
  fieldAppearance,
  isSectionVisible,
  sectionVisibility,
  tabAppearance,
  type AdminSection,
} from './admin-portal';

const users: AdminSection = {
  key: 'users',
  label: 'Users',
  path: 'users',
  permission: 'fe.secure.read.users',
};
const profile: AdminSection = { key: 'profile', label: 'Profile', path: 'profile' };
const readOnly = { permissions: ['fe.secure.read.users'], superUser: false };
const nobody = { permissions: ['bfm.base'], superUser: false };

describe('section visibility (SPEC section 2)', () => {
  it('shows a byPermissions section only to a viewer holding its permission', () => {
    const configuration = { navigation: { users: { visibility: 'byPermissions' } } };
    expect(isSectionVisible(configuration, users, readOnly)).toBe(true);
    expect(isSectionVisible(configuration, users, nobody)).toBe(false);
    expect(isSectionVisible(configuration, users, { permissions: ['fe.*'], superUser: false })).toBe(true);
    expect(isSectionVisible(configuration, users, { permissions: [], superUser: true })).toBe(true);
  });

  it('hides a hidden section from everyone and shows an always section to everyone', () => {
    expect(isSectionVisible({ navigation: { users: { visibility: 'hidden' } } }, users, readOnly)).toBe(
      false,
    );
    expect(isSectionVisible({ navigation: { users: { visibility: 'always' } } }, users, nobody)).toBe(true);
  });

  it('treats a missing or unknown visibility as byPermissions', () => {
    expect(sectionVisibility({}, 'users')).toBe('byPermissions');
    expect(sectionVisibility({ navigation: { users: { visibility: 'sometimes' } } }, 'users')).toBe(
      'byPermissions',
    );
    expect(isSectionVisible({}, profile, nobody)).toBe(true);
  });
});

describe('field and tab appearance', () => {
  const configuration = {
    themeV2: {
      adminPortal: {
        pages: {
          profile: {
            fieldsProperties: { phoneNumber: { appearance: 'hidden' }, name: { appearance: 'viewOnly' } },
          },
          account: { tabsProperties: { customLogin: { appearance: 'hidden' } } },
        },
      },
    },
  };

  it('reads hidden, viewOnly and edit, edit by default', () => {
    expect(fieldAppearance(configuration, 'profile', 'phoneNumber')).toBe('hidden');
    expect(fieldAppearance(configuration, 'profile', 'name')).toBe('viewOnly');
    expect(fieldAppearance(configuration, 'profile', 'username')).toBe('edit');
    expect(fieldAppearance({}, 'security', 'mfa')).toBe('edit');
  });

  it('reads a tab as hidden or edit', () => {
    expect(tabAppearance(configuration, 'account', 'customLogin')).toBe('hidden');
    expect(tabAppearance(configuration, 'account', 'settings')).toBe('edit');
  });
});
