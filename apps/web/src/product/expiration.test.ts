import { describe, expect, it } from 'vitest';
import {
  EXPIRED_SENTINEL,
  REGULAR_SENTINEL,
  getCountdown,
  getExpirationDate,
  getExpiryInstant,
  getTrialExpiry,
  isTrialExpired,
} from './expiration';
import { createTenant, createUser, roles } from './test-utils';

const trialUser = (vendorMetadata?: object | string) =>
  createUser({
    roles: roles('bfm-trial'),
    vendorMetadata: typeof vendorMetadata === 'object' ? JSON.stringify(vendorMetadata) : vendorMetadata,
  });
const tenantExpiring = (expiration: string) => createTenant({ metadata: JSON.stringify({ expiration }) });

describe('getExpirationDate (SPEC section 4)', () => {
  it.each([
    {
      name: 'trial: vendorMetadata',
      user: trialUser({ expiration: '2026-03-10' }),
      tenant: null,
      expected: '2026-03-10',
    },
    {
      name: 'trial: vendorMetadata wins over tenant metadata',
      user: trialUser({ expiration: '2026-03-10' }),
      tenant: tenantExpiring('2026-12-31'),
      expected: '2026-03-10',
    },
    {
      name: 'trial: tenant metadata when vendorMetadata has none',
      user: trialUser({ activated: true }),
      tenant: tenantExpiring('2026-12-31'),
      expected: '2026-12-31',
    },
    {
      name: 'trial: tenant metadata when vendorMetadata is malformed',
      user: trialUser('{broken'),
      tenant: tenantExpiring('2026-12-31'),
      expected: '2026-12-31',
    },
    {
      name: 'trial: an invalid vendor date falls back to the tenant',
      user: trialUser({ expiration: '2026-02-30' }),
      tenant: tenantExpiring('2026-12-31'),
      expected: '2026-12-31',
    },
    {
      name: 'trial: activated without expiration is expired',
      user: trialUser({ activated: true }),
      tenant: null,
      expected: EXPIRED_SENTINEL,
    },
    {
      name: 'trial: activated, tenant metadata malformed',
      user: trialUser({ activated: true }),
      tenant: createTenant({ metadata: 'nope' }),
      expected: EXPIRED_SENTINEL,
    },
    {
      name: 'trial: not activated and no expiration',
      user: trialUser({}),
      tenant: createTenant(),
      expected: null,
    },
    { name: 'trial: no vendorMetadata at all', user: trialUser(), tenant: null, expected: null },
    {
      name: 'regular user',
      user: createUser({ roles: roles('bfm-base'), vendorMetadata: '{"expiration":"2020-01-01"}' }),
      tenant: tenantExpiring('2020-01-01'),
      expected: REGULAR_SENTINEL,
    },
    {
      name: 'regular plus trial roles',
      user: createUser({ roles: roles('bfm-trial', 'bfm-unrestricted') }),
      tenant: null,
      expected: REGULAR_SENTINEL,
    },
    {
      name: 'superuser',
      user: createUser({ superUser: true, roles: roles('bfm-trial') }),
      tenant: null,
      expected: REGULAR_SENTINEL,
    },
    {
      name: 'neither trial nor regular',
      user: createUser({ vendorMetadata: '{"activated":true}' }),
      tenant: null,
      expected: null,
    },
  ])('$name', ({ user, tenant, expected }) => {
    expect(getExpirationDate(user, tenant)).toBe(expected);
  });
});

describe('getExpiryInstant', () => {
  it.each([
    { date: '2026-03-10', expected: '2026-03-11T03:59:59.000Z' },
    { date: '2026-12-31', expected: '2027-01-01T03:59:59.000Z' },
    { date: '2028-02-28', expected: '2028-02-29T03:59:59.000Z' },
    { date: EXPIRED_SENTINEL, expected: '2001-01-02T03:59:59.000Z' },
    { date: REGULAR_SENTINEL, expected: '2999-01-02T03:59:59.000Z' },
  ])('$date → $expected', ({ date, expected }) => {
    expect(getExpiryInstant(date).toISOString()).toBe(expected);
  });

  it.each(['', '2026-3-10', '2026-02-30', '10/03/2026', '2026-03-10T00:00:00Z'])(
    '%j is an Invalid Date',
    (date) => {
      expect(Number.isNaN(getExpiryInstant(date).getTime())).toBe(true);
    },
  );
});

describe('isTrialExpired (expiry at 03:59:59 UTC the day after)', () => {
  const user = trialUser({ expiration: '2026-03-10' });

  it.each([
    { now: '2026-03-10T12:00:00.000Z', expected: false },
    { now: '2026-03-11T03:59:58.999Z', expected: false },
    { now: '2026-03-11T03:59:59.000Z', expected: true },
    { now: '2026-03-11T03:59:59.001Z', expected: true },
    { now: '2026-04-01T00:00:00.000Z', expected: true },
  ])('at $now → $expected', ({ now, expected }) => {
    expect(isTrialExpired(user, null, new Date(now))).toBe(expected);
  });

  it.each([
    { name: 'activated trial without a date', user: trialUser({ activated: true }), expected: true },
    { name: 'trial without a date, not activated', user: trialUser({}), expected: false },
    { name: 'regular user', user: createUser({ roles: roles('bfm-base') }), expected: false },
    {
      name: 'superuser with trial role and past date',
      user: createUser({
        superUser: true,
        roles: roles('bfm-trial'),
        vendorMetadata: '{"expiration":"2020-01-01"}',
      }),
      expected: false,
    },
    { name: 'not a trial user', user: createUser(), expected: false },
  ])('$name → $expected', ({ user, expected }) => {
    expect(isTrialExpired(user, null, new Date('2026-03-10T12:00:00Z'))).toBe(expected);
  });

  it('uses the tenant date when the user has none', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(isTrialExpired(trialUser({ activated: true }), tenantExpiring('2026-03-09'), now)).toBe(true);
    expect(isTrialExpired(trialUser({ activated: true }), tenantExpiring('2026-03-10'), now)).toBe(false);
  });

  it('getTrialExpiry is null for non-trial users and for trials without a date', () => {
    expect(getTrialExpiry(createUser({ roles: roles('bfm-base') }), null)).toBeNull();
    expect(getTrialExpiry(trialUser({}), null)).toBeNull();
  });
});

describe('getCountdown', () => {
  const expiry = new Date('2026-03-11T03:59:59.000Z');

  it.each([
    { now: '2026-03-08T03:59:59.000Z', expected: { days: 3, hours: 0, minutes: 0 } },
    { now: '2026-03-09T01:29:59.000Z', expected: { days: 2, hours: 2, minutes: 30 } },
    { now: '2026-03-11T02:58:59.000Z', expected: { days: 0, hours: 1, minutes: 1 } },
    // Rounded down: 59.999 s left shows 0 minutes.
    { now: '2026-03-11T03:58:59.001Z', expected: { days: 0, hours: 0, minutes: 0 } },
    { now: '2026-03-11T03:58:59.000Z', expected: { days: 0, hours: 0, minutes: 1 } },
    { now: '2026-03-11T03:59:59.000Z', expected: { days: 0, hours: 0, minutes: 0 } },
    { now: '2026-05-01T00:00:00.000Z', expected: { days: 0, hours: 0, minutes: 0 } },
  ])('at $now → $expected', ({ now, expected }) => {
    expect(getCountdown(expiry, new Date(now))).toEqual(expected);
  });

  it('shows zeros for an Invalid Date', () => {
    expect(getCountdown(new Date(Number.NaN), new Date())).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
