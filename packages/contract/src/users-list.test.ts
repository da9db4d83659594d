import { describe, expect, it } from 'vitest';
import { isUserFilterPreset, isUserSortKey, userFilterPresets, userSortKeys } from './users-list.js';

describe('users list keys', () => {
  it('accepts every sort key and filter preset of SPEC section 3', () => {
    expect(userSortKeys.every(isUserSortKey)).toBe(true);
    expect(userFilterPresets.every(isUserFilterPreset)).toBe(true);
  });

  it.each(['all', 'lastLogin', 'CREATEDAT', '', undefined, null, 3])('rejects %j', (value) => {
    expect(isUserSortKey(value)).toBe(false);
    expect(isUserFilterPreset(value)).toBe(false);
  });
});
