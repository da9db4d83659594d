import { describe, expect, it } from 'vitest';
import { reachesSubAccounts } from './hierarchy-access.js';

describe('reachesSubAccounts (issue 15)', () => {
  it('lets members in by the access type and their own grant', () => {
    expect([true, false, null].map((allow) => reachesSubAccounts('alwaysOn', allow))).toEqual([
      true,
      true,
      true,
    ]);
    expect([true, false, null].map((allow) => reachesSubAccounts('defaultOn', allow))).toEqual([
      true,
      false,
      true,
    ]);
    expect([true, false, null].map((allow) => reachesSubAccounts('defaultOff', allow))).toEqual([
      true,
      false,
      false,
    ]);
  });
});
