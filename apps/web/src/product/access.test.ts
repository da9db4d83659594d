import { describe, expect, it } from 'vitest';
import { hasAnyAccess, isRegularUser, isTrialUser } from './access';
import { createUser, permissions, roles } from './test-utils';

describe('access classification (SPEC section 4)', () => {
  it.each([
    { name: 'bfm-base', user: createUser({ roles: roles('bfm-base') }), regular: true, trial: false },
    {
      name: 'bfm-unrestricted',
      user: createUser({ roles: roles('bfm-unrestricted') }),
      regular: true,
      trial: false,
    },
    { name: 'bfm-trial', user: createUser({ roles: roles('bfm-trial') }), regular: false, trial: true },
    {
      name: 'bfm-expired-trial',
      user: createUser({ roles: roles('bfm-expired-trial') }),
      regular: false,
      trial: true,
    },
    {
      name: 'regular plus trial roles is regular',
      user: createUser({ roles: roles('bfm-trial', 'bfm-base') }),
      regular: true,
      trial: false,
    },
    {
      name: 'superuser with trial roles is not a trial user',
      user: createUser({ superUser: true, roles: roles('bfm-trial', 'bfm-expired-trial') }),
      regular: true,
      trial: false,
    },
    {
      name: 'superuser without roles passes the role check',
      user: createUser({ superUser: true }),
      regular: true,
      trial: false,
    },
    { name: 'other roles only', user: createUser({ roles: roles('Admin') }), regular: false, trial: false },
    { name: 'no roles at all', user: createUser(), regular: false, trial: false },
    {
      name: 'role keys are exact',
      user: createUser({ roles: roles('BFM-TRIAL', 'bfm-base-x') }),
      regular: false,
      trial: false,
    },
  ])('$name', ({ user, regular, trial }) => {
    expect(isRegularUser(user)).toBe(regular);
    expect(isTrialUser(user)).toBe(trial);
  });
});

describe('hasAnyAccess (SPEC section 4)', () => {
  it.each([
    { keys: ['bfm.base', 'bfm.geo.us'], expected: true },
    { keys: ['bfm.trial', 'bfm.geo.us'], expected: true },
    { keys: ['bfm.trial', 'bfm.geo.uk', 'bfm.geo.us'], expected: true },
    { keys: ['bfm.base'], expected: false },
    { keys: ['bfm.trial'], expected: false },
    { keys: ['bfm.base', 'bfm.trial'], expected: false },
    { keys: ['bfm.geo.us'], expected: false },
    { keys: ['bfm.geo.us', 'bfm.geo.uk'], expected: false },
    // "starting bfm.geo" is read literally.
    { keys: ['bfm.base', 'bfm.geo'], expected: true },
    { keys: ['bfm.base', 'fe.secure.read.users'], expected: false },
    { keys: [], expected: false },
  ])('permissions $keys → $expected', ({ keys, expected }) => {
    expect(hasAnyAccess(createUser({ permissions: permissions(...keys) }))).toBe(expected);
  });

  it('lets a superuser through without any permission', () => {
    expect(hasAnyAccess(createUser({ superUser: true }))).toBe(true);
  });

  it('ignores roles: access comes from permissions', () => {
    expect(hasAnyAccess(createUser({ roles: roles('bfm-unrestricted') }))).toBe(false);
  });
});
