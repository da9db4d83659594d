import { describe, expect, it } from 'vitest';
import { adminPermissions, grantsPermission, navigationPermissions } from './permissions.js';

describe('grantsPermission (SPEC section 5 wildcards)', () => {
  it.each([
    [['fe.*'], 'fe.secure.write.users', true],
    [['fe.secure.*'], 'fe.secure.delete.role', true],
    [['fe.subscriptions.*'], 'fe.subscriptions.read.plans', true],
    [['fe.secure.read.users'], 'fe.secure.read.users', true],
    [['fe.secure.read.users'], 'fe.secure.write.users', false],
    [['fe.secure.read.*'], 'fe.secure.write.users', false],
    // A dot is literal: 'fe.secure.read.users' must not grant 'fexsecure.read.users'.
    [['fe.secure.read.users'], 'fexsecure.read.users', false],
    [['fe.*.read.*'], 'fe.connectivity.read.webhooks', true],
    [['bfm.geo.*'], 'bfm.geo.us', true],
    [['bfm.geo.*'], 'bfm.geography', false],
    // Other regular-expression characters in a key are literal too.
    [['fe.(secure)+'], 'fe.secure', false],
    [['fe.(secure)+'], 'fe.(secure)+', true],
    [[], 'fe.secure.read.users', false],
  ])('%j grants %s: %s', (granted, wanted, expected) => {
    expect(grantsPermission(granted, wanted)).toBe(expected);
  });

  it('lets the general admin permission grant every admin permission', () => {
    expect(adminPermissions.every((key) => grantsPermission(['fe.*'], key))).toBe(true);
    expect(navigationPermissions).toContain('fe.*');
  });
});
