import { describe, expect, it } from 'vitest';
import { decideLanding, isAllowedDestination, productPaths, type LandingInput } from './landing';
import { createTenant, createUser, permissions, roles } from './test-utils';

const NOW = new Date('2026-03-10T12:00:00Z');
const MAIN_APP = 'https://app.brizo.test/';
const withAccess = permissions('bfm.base', 'bfm.geo.us');

const landing = (overrides: Partial<LandingInput>) =>
  decideLanding({
    user: createUser(),
    tenant: null,
    now: NOW,
    sourceParam: null,
    storedSource: null,
    mainAppUrl: MAIN_APP,
    ...overrides,
  });

describe('decideLanding (SPEC section 4, in order)', () => {
  it.each([
    {
      name: '1. expired trial',
      input: {
        user: createUser({ roles: roles('bfm-trial'), vendorMetadata: '{"expiration":"2026-03-01"}' }),
      },
      expected: productPaths.trialEnded,
    },
    {
      name: '1. expired trial wins over access and source',
      input: {
        user: createUser({
          roles: roles('bfm-expired-trial'),
          permissions: permissions('bfm.trial', 'bfm.geo.us'),
          vendorMetadata: '{"activated":true}',
        }),
        sourceParam: '/menus',
      },
      expected: productPaths.trialEnded,
    },
    {
      name: '1. expired through the tenant date',
      input: {
        user: createUser({ roles: roles('bfm-trial') }),
        tenant: createTenant({ metadata: '{"expiration":"2026-03-09"}' }),
      },
      expected: productPaths.trialEnded,
    },
    {
      name: '2. trial within the period',
      input: {
        user: createUser({
          roles: roles('bfm-trial'),
          permissions: permissions('bfm.trial', 'bfm.geo.us'),
          vendorMetadata: '{"expiration":"2026-03-10"}',
        }),
        sourceParam: '/menus',
      },
      expected: productPaths.trialStarted,
    },
    {
      // The date decides, not the role name.
      name: '2. bfm-expired-trial role with a future date',
      input: {
        user: createUser({
          roles: roles('bfm-expired-trial'),
          vendorMetadata: '{"expiration":"2026-04-01"}',
        }),
      },
      expected: productPaths.trialStarted,
    },
    {
      name: '3. access: source parameter first',
      input: {
        user: createUser({ permissions: withAccess }),
        sourceParam: '/menus',
        storedSource: '/trends',
      },
      expected: '/menus',
    },
    {
      name: '3. access: then the stored source',
      input: { user: createUser({ permissions: withAccess }), storedSource: '/trends' },
      expected: '/trends',
    },
    {
      name: '3. access: an empty source parameter counts as none',
      input: { user: createUser({ permissions: withAccess }), sourceParam: '', storedSource: '/trends' },
      expected: '/trends',
    },
    {
      name: '3. access: then the main application',
      input: { user: createUser({ permissions: withAccess }) },
      expected: MAIN_APP,
    },
    {
      name: '3. regular role with access, past dates ignored',
      input: {
        user: createUser({
          roles: roles('bfm-trial', 'bfm-base'),
          permissions: withAccess,
          vendorMetadata: '{"expiration":"2020-01-01"}',
        }),
      },
      expected: MAIN_APP,
    },
    {
      name: '3. superuser with trial roles',
      input: {
        user: createUser({ superUser: true, roles: roles('bfm-expired-trial') }),
        sourceParam: '/menus',
      },
      expected: '/menus',
    },
    {
      name: '4. regular role without access permissions',
      input: { user: createUser({ roles: roles('bfm-unrestricted'), permissions: permissions('bfm.base') }) },
      expected: productPaths.underReview,
    },
    { name: '4. nothing at all', input: { sourceParam: '/menus' }, expected: productPaths.underReview },
    {
      name: '4. a personal-email sign-up',
      input: { user: createUser({ vendorMetadata: '{"signupType":"personal","activated":true}' }) },
      expected: productPaths.underReview,
    },
    {
      name: 'walk-through: an invitee with only an admin role is no personal-email sign-up',
      input: {
        user: createUser({
          roles: roles('Admin'),
          permissions: permissions('fe.secure.*'),
          vendorMetadata: '{"signupType":"invitation","activated":true}',
        }),
      },
      expected: MAIN_APP,
    },
    {
      name: 'walk-through: a member who joined by invite link goes to their source',
      input: {
        user: createUser({ vendorMetadata: '{"signupType":"invite-link"}' }),
        sourceParam: '/menus',
      },
      expected: '/menus',
    },
  ])('$name → $expected', ({ input, expected }) => {
    expect(landing(input)).toBe(expected);
  });

  it('moves a running trial to trial-ended at 03:59:59 UTC the day after', () => {
    const user = createUser({ roles: roles('bfm-trial'), vendorMetadata: '{"expiration":"2026-03-10"}' });
    expect(landing({ user, now: new Date('2026-03-11T03:59:58.999Z') })).toBe(productPaths.trialStarted);
    expect(landing({ user, now: new Date('2026-03-11T03:59:59.000Z') })).toBe(productPaths.trialEnded);
  });
});

describe('isAllowedDestination (no open redirect through ?source=)', () => {
  const APP_ORIGIN = 'https://login.brizo.test';
  it.each([
    { target: '/menus', expected: true },
    { target: '/menus?x=1#top', expected: true },
    { target: 'https://app.brizo.test/reports', expected: true },
    { target: 'https://login.brizo.test/olo', expected: true },
    { target: '//evil.test/steal', expected: false },
    { target: '/\\evil.test', expected: false },
    { target: 'https://evil.test/', expected: false },
    { target: 'https://app.brizo.test.evil.test/', expected: false },
    { target: 'https://user@evil.test/', expected: false },
    { target: 'javascript:alert(1)', expected: false },
    { target: 'olo', expected: false },
  ])('$target → $expected', ({ target, expected }) => {
    expect(isAllowedDestination(target, MAIN_APP, [APP_ORIGIN])).toBe(expected);
  });

  it('skips a foreign source parameter and falls back to the stored source, then the main application', () => {
    const user = createUser({ permissions: withAccess });
    expect(landing({ user, sourceParam: 'https://evil.test/', storedSource: '/trends' })).toBe('/trends');
    expect(landing({ user, sourceParam: 'https://evil.test/', storedSource: '//evil.test' })).toBe(MAIN_APP);
  });
});
