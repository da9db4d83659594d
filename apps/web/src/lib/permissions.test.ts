import { describe, expect, it } from 'vitest';
import { grantsPermission, permissionKeys } from './permissions';

describe('grantsPermission', () => {
  it.each([
    [['fe.*'], 'fe.secure.write.users', true],
    [['fe.subscriptions.*'], 'fe.subscriptions.read.plans', true],
    [['fe.secure.read.users'], 'fe.secure.read.users', true],
    [['fe.secure.read.users'], 'fe.secure.write.users', false],
    [['fe.secure.read.*'], 'fe.secure.write.users', false],
    [['fe.secure.read.users'], 'fexsecure.read.users', false],
    [[], 'fe.secure.read.users', false],
  ])('%j grants %s: %s', (granted, wanted, expected) => {
    expect(grantsPermission(granted, wanted)).toBe(expected);
  });
});

describe('permissionKeys', () => {
  it('reads keys from the SDK user permission objects and plain strings', () => {
    expect(permissionKeys([{ key: 'fe.*' }, 'bfm.base'])).toEqual(['fe.*', 'bfm.base']);
    expect(permissionKeys(undefined)).toEqual([]);
  });
});
