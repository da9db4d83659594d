import { describe, expect, it } from 'vitest';
import {
  TRIAL_SUCCESS_EVENT,
  USER_VERIFIED_KEY,
  buildAccountAttributes,
  buildDataLayerEntry,
  buildUserAttributes,
  createDataLayerSink,
  createMemorySink,
  isValidContainerId,
  noopAnalyticsSink,
  pushTrialSuccessOnce,
  selectAnalyticsSink,
  sendUserAnalytics,
} from './analytics';
import { createMemoryStorage, createTenant, createUser, roles } from './test-utils';

const user = createUser({
  id: 'u-42',
  email: 'Ada@Example.com',
  name: 'Ada Lovelace',
  createdAt: '2026-03-01T10:00:00Z',
  roles: roles('bfm-trial', 'Admin'),
  metadata: JSON.stringify({
    jobTitle: 'Chef',
    company: { size: 12 },
    maxResults: 50,
    phoneNumber: '+15550100',
    firstName: 'Ada',
    lastName: 'Lovelace',
    source: 'ad',
  }),
});
const tenant = createTenant({
  tenantId: 't-7',
  name: 'Acme Foods',
  createdAt: '2026-02-01T00:00:00Z',
  metadata: JSON.stringify({
    expiration: '2026-04-01',
    segment: 'QSR',
    domains: ['acme.test'],
    source: 'x',
    defaults: {},
  }),
});

describe('buildUserAttributes', () => {
  it('sends the user fields and metadata except the excluded keys', () => {
    expect(buildUserAttributes(user)).toEqual({
      'User ID': 'u-42',
      'User Email': 'Ada@Example.com',
      'User Name': 'Ada Lovelace',
      'User Created At': '2026-03-01T10:00:00Z',
      'User Roles': 'bfm-trial, Admin',
      'User jobTitle': 'Chef',
      'User company': { size: 12 },
    });
  });

  it.each(['maxResults', 'phoneNumber', 'firstName', 'lastName', 'source'])(
    'leaves out metadata %s',
    (key) => {
      const attributes = buildUserAttributes(
        createUser({ metadata: JSON.stringify({ [key]: 'v', kept: 1 }) }),
      );
      expect(attributes).not.toHaveProperty(`User ${key}`);
      expect(attributes).toHaveProperty('User kept', 1);
    },
  );

  it.each([null, undefined, '{malformed', '[1]'])('survives metadata %j', (metadata) => {
    expect(buildUserAttributes(createUser({ metadata }))).toEqual({
      'User ID': 'user-1',
      'User Email': 'ada@example.com',
      'User Roles': '',
    });
  });

  it('never lets metadata overwrite the real user fields', () => {
    expect(buildUserAttributes(createUser({ metadata: '{"ID":"fake","Email":"fake"}' }))).toMatchObject({
      'User ID': 'user-1',
      'User Email': 'ada@example.com',
    });
  });
});

describe('buildAccountAttributes', () => {
  it('sends the account fields and metadata except domains, source, defaults', () => {
    expect(buildAccountAttributes(tenant)).toEqual({
      'Account ID': 't-7',
      'Account Name': 'Acme Foods',
      'Account Created At': '2026-02-01T00:00:00Z',
      'Account expiration': '2026-04-01',
      'Account segment': 'QSR',
    });
  });

  it.each(['{malformed', null])('survives metadata %j', (metadata) => {
    expect(buildAccountAttributes(createTenant({ metadata }))).toEqual({
      'Account ID': 'tenant-1',
      'Account Name': 'Acme Foods',
    });
  });
});

describe('buildDataLayerEntry', () => {
  it.each([
    { tenant, expected: { user_id: 'u-42', company: 'Acme Foods', company_id: 't-7', tool: 'SIP' } },
    { tenant: null, expected: { user_id: 'u-42', company: '', company_id: 'tenant-1', tool: 'SIP' } },
  ])('tenant $tenant.name', ({ tenant, expected }) => {
    expect(buildDataLayerEntry(user, tenant)).toEqual(expected);
  });
});

describe('sendUserAnalytics', () => {
  it('sets user and account attributes, identifies, then pushes', () => {
    const sink = createMemorySink();
    sendUserAnalytics(user, tenant, sink);
    const attributes = { ...buildUserAttributes(user), ...buildAccountAttributes(tenant) };
    expect(sink.entries).toEqual([
      { kind: 'setAttributes', payload: attributes },
      { kind: 'identify', payload: { userId: 'u-42', traits: attributes } },
      { kind: 'pushToDataLayer', payload: buildDataLayerEntry(user, tenant) },
    ]);
  });

  it('sends only user attributes without a tenant', () => {
    const sink = createMemorySink();
    sendUserAnalytics(user, null, sink);
    expect(sink.entries[0]).toEqual({ kind: 'setAttributes', payload: buildUserAttributes(user) });
  });
});

describe('pushTrialSuccessOnce', () => {
  it.each([
    { name: 'same email', flag: 'Ada@Example.com', pushed: true, flagAfter: null },
    { name: 'case-insensitive match', flag: 'ada@example.COM', pushed: true, flagAfter: null },
    {
      name: 'another email stays for its owner',
      flag: 'bob@example.com',
      pushed: false,
      flagAfter: 'bob@example.com',
    },
    { name: 'no flag', flag: null, pushed: false, flagAfter: null },
  ])('$name', ({ flag, pushed, flagAfter }) => {
    const local = createMemoryStorage(flag === null ? {} : { [USER_VERIFIED_KEY]: flag });
    const sink = createMemorySink();
    expect(pushTrialSuccessOnce(user, local, sink)).toBe(pushed);
    expect(local.getItem(USER_VERIFIED_KEY)).toBe(flagAfter);
    expect(sink.entries).toEqual(
      pushed
        ? [
            {
              kind: 'pushToDataLayer',
              payload: { event: TRIAL_SUCCESS_EVENT, user_id: 'u-42', company_id: 'tenant-1' },
            },
          ]
        : [],
    );
  });

  it('pushes only once', () => {
    const local = createMemoryStorage({ [USER_VERIFIED_KEY]: 'ada@example.com' });
    const sink = createMemorySink();
    pushTrialSuccessOnce(user, local, sink);
    expect(pushTrialSuccessOnce(user, local, sink)).toBe(false);
    expect(sink.entries).toHaveLength(1);
  });
});

describe('isValidContainerId', () => {
  it.each([
    { id: 'GTM-ABC123', expected: true },
    { id: 'GTM-x', expected: true },
    { id: 'GTM-', expected: false },
    { id: 'gtm-ABC123', expected: false },
    { id: 'GTM-ABC-123', expected: false },
    { id: 'GTM-ABC 123', expected: false },
    { id: ' GTM-ABC123', expected: false },
    { id: 'GTM-ABC123\n', expected: false },
    { id: 'UA-12345', expected: false },
    { id: '', expected: false },
    { id: null, expected: false },
    { id: undefined, expected: false },
  ])('$id → $expected', ({ id, expected }) => {
    expect(isValidContainerId(id)).toBe(expected);
  });
});

describe('sinks', () => {
  it('the data-layer sink creates window.dataLayer and pushes identify and attributes as their own events', () => {
    const win: { dataLayer?: unknown[] } = {};
    const sink = createDataLayerSink(win);
    sink.setAttributes({ 'User ID': 'u-42' });
    sink.identify('u-42', { 'User ID': 'u-42' });
    sink.pushToDataLayer({ event: TRIAL_SUCCESS_EVENT });
    expect(win.dataLayer).toEqual([
      { event: 'set attributes', attributes: { 'User ID': 'u-42' } },
      { event: 'identify', user_id: 'u-42', traits: { 'User ID': 'u-42' } },
      { event: TRIAL_SUCCESS_EVENT },
    ]);
  });

  it('the data-layer sink keeps an existing dataLayer (the tag manager may own it)', () => {
    const dataLayer: unknown[] = [{ existing: true }];
    createDataLayerSink({ dataLayer }).pushToDataLayer({ event: 'x' });
    expect(dataLayer).toEqual([{ existing: true }, { event: 'x' }]);
  });

  it.each([
    { id: 'GTM-ABC123', dataLayerAfter: [{ event: 'x' }] },
    { id: 'not-an-id', dataLayerAfter: undefined },
    { id: undefined, dataLayerAfter: undefined },
  ])('selectAnalyticsSink($id)', ({ id, dataLayerAfter }) => {
    const win: { dataLayer?: unknown[] } = {};
    const sink = selectAnalyticsSink(id, win);
    sink.pushToDataLayer({ event: 'x' });
    expect(win.dataLayer).toEqual(dataLayerAfter);
    if (dataLayerAfter === undefined) expect(sink).toBe(noopAnalyticsSink);
  });
});
