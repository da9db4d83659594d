import { describe, expect, it } from 'vitest';
import { groupsConfigurationOf } from './groups';

describe('the groups configuration (GroupsState.groupsConfiguration)', () => {
  it('reads what the server stored', () => {
    expect(groupsConfigurationOf({ enabled: false, rolesEnabled: true })).toEqual({
      enabled: false,
      rolesEnabled: true,
    });
    expect(groupsConfigurationOf({ enabled: true, rolesEnabled: false })).toEqual({
      enabled: true,
      rolesEnabled: false,
    });
  });

  it("reads a switch it lacks as on, the server's default (the store's initial {} and the preview mock)", () => {
    expect(groupsConfigurationOf({})).toEqual({ enabled: true, rolesEnabled: true });
    expect(groupsConfigurationOf(undefined)).toEqual({ enabled: true, rolesEnabled: true });
    expect(groupsConfigurationOf({ rolesEnabled: false })).toEqual({ enabled: true, rolesEnabled: false });
  });
});
