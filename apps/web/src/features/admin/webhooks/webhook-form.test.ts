import { describe, expect, it } from 'vitest';
import type { EventCategory, WebhookLog } from '../../../sdk/admin/connectivity';
import {
  filterCategories,
  generateSecret,
  isExpectedSlackState,
  logState,
  prettyJson,
  readRecipient,
  rememberSlackState,
  slackAuthorizeUrl,
  webhookFormSchema,
} from './webhook-form';

const T = '2026-01-01T00:00:00.000Z';
const category = (id: string, name: string, events: [string, string][]): EventCategory => ({
  id,
  name,
  createdAt: T,
  updatedAt: T,
  vendorId: 'v1',
  events: events.map(([key, displayName]) => ({
    id: key,
    key,
    displayName,
    description: '',
    category: name,
    categoryId: id,
    severity: 'Info',
    createdAt: T,
    updatedAt: T,
    vendorId: 'v1',
  })),
});
const catalogue = [
  category('users', 'Users', [
    ['user.created', 'User created'],
    ['user.deleted', 'User deleted'],
  ]),
  category('roles', 'Roles', [['role.created', 'Role created']]),
];

describe('the webhook form', () => {
  const valid = {
    displayName: 'CRM',
    description: '',
    url: 'https://crm.example.com/in',
    secret: '',
    eventKeys: ['user.created'],
    isActive: true,
  };

  it('takes an http(s) URL, at least one event, and an empty secret or one of 16 characters or more', () => {
    expect(webhookFormSchema.safeParse(valid).success).toBe(true);
    expect(webhookFormSchema.safeParse({ ...valid, url: 'ftp://crm' }).success).toBe(false);
    expect(webhookFormSchema.safeParse({ ...valid, url: 'crm.example.com' }).success).toBe(false);
    expect(webhookFormSchema.safeParse({ ...valid, eventKeys: [] }).success).toBe(false);
    expect(webhookFormSchema.safeParse({ ...valid, secret: 'short' }).success).toBe(false);
    expect(webhookFormSchema.safeParse({ ...valid, secret: generateSecret() }).success).toBe(true);
  });

  it('generates a different 64-digit hex secret each time', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(generateSecret()).not.toBe(secret);
  });
});

describe('the event picker search', () => {
  it('keeps the categories with a matching event, each with only those events', () => {
    const found = filterCategories(catalogue, 'deleted');
    expect(found.map((item) => item.name)).toEqual(['Users']);
    expect(found[0]?.events.map((event) => event.key)).toEqual(['user.deleted']);
  });

  it('keeps a whole category whose name matches, and everything for an empty search', () => {
    expect(filterCategories(catalogue, 'ROLES')[0]?.events).toHaveLength(1);
    expect(filterCategories(catalogue, '  ')).toBe(catalogue);
    expect(filterCategories(catalogue, 'nothing like it')).toEqual([]);
  });
});

describe('recipients', () => {
  it('takes email addresses, lower-cased', () => {
    expect(readRecipient('email', ' Ops@Acme.test ')).toEqual({ recipient: 'ops@acme.test' });
    expect(readRecipient('email', 'ops@')).toEqual({ error: 'Enter valid email addresses' });
  });

  it('takes phone numbers in E.164, written with spaces or not', () => {
    expect(readRecipient('sms', '+1 (555) 010-0199')).toEqual({ recipient: '+15550100199' });
    expect(readRecipient('sms', '555 0100')).toHaveProperty('error');
    expect(readRecipient('sms', '+0123456789')).toHaveProperty('error');
  });
});

describe('a delivery log row', () => {
  const row = (overrides: Partial<WebhookLog>): WebhookLog => ({
    id: 'l1',
    webhookId: 'w1',
    tenantId: 't1',
    vendorId: 'v1',
    eventKey: 'user.created',
    url: 'https://crm.example.com/in',
    body: '{}',
    requestHeaders: {},
    statusCode: '200',
    responseBody: '',
    error: null,
    durationMs: 1,
    isTest: false,
    deliveryStatus: 'succeeded',
    attempts: 1,
    createdAt: T,
    ...overrides,
  });

  it("shows its attempt's outcome, or pending while its delivery waits for another attempt", () => {
    expect(logState(row({ statusCode: '204', deliveryStatus: 'succeeded' }))).toBe('succeeded');
    expect(logState(row({ statusCode: '500', deliveryStatus: 'pending' }))).toBe('pending');
    expect(logState(row({ statusCode: '', deliveryStatus: 'pending' }))).toBe('pending');
    // Delivered by a later attempt, or given up: this attempt failed.
    expect(logState(row({ statusCode: '500', deliveryStatus: 'succeeded' }))).toBe('failed');
    expect(logState(row({ statusCode: '500', deliveryStatus: 'failed' }))).toBe('failed');
  });

  it('counts only 200 and 201 as a successful test', () => {
    expect(logState(row({ isTest: true, deliveryStatus: null, statusCode: '201' }))).toBe('succeeded');
    expect(logState(row({ isTest: true, deliveryStatus: null, statusCode: '204' }))).toBe('failed');
    expect(logState(row({ isTest: true, deliveryStatus: null, statusCode: '' }))).toBe('failed');
  });

  it('indents a JSON body and leaves any other text as it is', () => {
    expect(prettyJson('{"a":{"b":1}}')).toBe('{\n  "a": {\n    "b": 1\n  }\n}');
    expect(prettyJson('Internal error')).toBe('Internal error');
    expect(prettyJson('')).toBe('');
  });
});

describe('the "Add to Slack" link', () => {
  it("carries the application's client id, scope and a state that only this tab accepts back", () => {
    const state = rememberSlackState();
    const link = new URL(
      slackAuthorizeUrl(
        {
          clientId: 'c1',
          scope: 'chat:write',
          authorizeUrl: 'https://slack.example.com/oauth/v2/authorize?x=1',
        },
        state,
      ),
    );
    expect(link.searchParams.get('client_id')).toBe('c1');
    expect(link.searchParams.get('scope')).toBe('chat:write');
    expect(link.searchParams.get('x')).toBe('1');
    expect(link.searchParams.get('state')).toBe(state);
    expect(isExpectedSlackState(state)).toBe(true);
    expect(isExpectedSlackState('another')).toBe(false);
    expect(isExpectedSlackState(null)).toBe(false);
  });
});
