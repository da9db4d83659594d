import { describe, expect, it } from 'vitest';
import { grantsPermission } from '@brizo/contract/permissions';
import { groupOffers } from './group-offers';

const holding =
  (...held: string[]) =>
  (permission: string) =>
    grantsPermission(held, permission);

describe('groupOffers', () => {
  it('offers an Admin everything while groups and roles on groups are on', () => {
    expect(groupOffers({ enabled: true, rolesEnabled: true }, holding('fe.*'))).toEqual({
      create: true,
      edit: true,
      remove: true,
      addRoles: true,
      removeRoles: true,
      addMembers: true,
      removeMembers: true,
      configure: true,
    });
  });

  it('offers nothing that adds while groups are off, whatever roles on groups say', () => {
    expect(groupOffers({ enabled: false, rolesEnabled: true }, holding('fe.*'))).toMatchObject({
      create: false,
      edit: false,
      addRoles: false,
      addMembers: false,
      remove: true,
      removeRoles: true,
      removeMembers: true,
      configure: true,
    });
  });

  it('offers no role assignment while roles on groups are off', () => {
    expect(groupOffers({ enabled: true, rolesEnabled: false }, holding('fe.*'))).toMatchObject({
      create: true,
      addRoles: false,
      addMembers: true,
    });
  });

  it('offers only what can be taken away, until the configuration is known', () => {
    expect(groupOffers(null, holding('fe.*'))).toMatchObject({ create: false, edit: false, addRoles: false });
  });

  it('lets a Read Only administrator change nothing', () => {
    expect(
      Object.values(groupOffers({ enabled: true, rolesEnabled: true }, holding('fe.secure.read.groups'))),
    ).toEqual(Array(8).fill(false));
  });
});
