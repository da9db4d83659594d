// The event catalogue (issue 14, SPEC sections 3 and 7): every action the server writes to a tenant's
// audit log, as an event that webhooks, email, SMS and Slack subscribe to by key. It is built from the
// audit event tables themselves, so an event added to a table is in the catalogue at once; its category
// comes from the table, or for the shared table from the rules below. catalogue.test.ts scans the
// server's sources for action texts and fails when one is not here.
import {
  eventPayloadSchema,
  type CatalogueEvent,
  type EventCategory,
} from '@brizo/contract/entities/connectivity';
import { z } from 'zod';
import { mfaAuditEvents } from '../../auth/second-factor/audit-events.js';
import { phoneResetAuditEvents } from '../../auth/methods/sms-code/phone-reset.js';
import { passkeyAuditEvents } from '../../auth/methods/passkeys/service.js';
import { passwordlessAuditEvents } from '../../auth/passwordless/service.js';
import { oauthAuditEvents } from '../oauth/authorization-server.js';
import { usernameAuditEvents } from '../usernames.js';
import { tenantSwitchAuditEvents } from '../tenant-switch.js';
import { captchaPolicyChanged } from '../security/captcha-policy.js';
import { strategiesChanged } from '../security/auth-strategies.js';
import { signUpStrategiesAuditEvents } from '../security/sign-up-strategies.js';
import { auditEvents } from '../audit.js';
import { entitlementsAuditEvents } from '../entitlements/audit-events.js';
import { hierarchyAuditEvents } from '../tenants/hierarchy-audit-events.js';
import { trialConsoleAuditEvents } from '../trial-console/audit-events.js';
import { billingAuditEvents } from '../billing/audit-events.js';
import { applicationsAuditEvents } from '../applications/audit-events.js';
import { oauthClientAuditEvents } from '../oauth/client-registry.js';
import { signingKeyAuditEvents } from '../signing-keys/index.js';

/** The categories, in the order the portal lists them; a category without events is left out. */
const CATEGORIES = [
  ['users', 'Users'],
  ['auth', 'Authentication'],
  ['mfa', 'Multi-factor authentication'],
  ['security', 'Security policies'],
  ['tenants', 'Account'],
  ['roles', 'Roles'],
  ['groups', 'Groups'],
  ['apiTokens', 'API tokens'],
  ['sso', 'Single sign-on'],
  ['scim', 'SCIM provisioning'],
  ['connectivity', 'Connectivity'],
  ['audits', 'Audit log'],
  ['reports', 'Reports'],
  ['notifications', 'Notifications'],
  ['usage', 'Usage'],
  ['entitlements', 'Plans and entitlements'],
  ['billing', 'Subscription and billing'],
  ['applications', 'Applications'],
  ['other', 'Other'],
] as const;

export type CategoryId = (typeof CATEGORIES)[number][0];

/**
 * The shared table's events by the start of their name; the first rule that matches wins. A new event
 * whose name fits no rule lands in "other" rather than nowhere.
 */
const SHARED_TABLE_RULES: ReadonlyArray<readonly [RegExp, CategoryId]> = [
  [/^(sso|saml|oidc)/, 'sso'],
  [/^scim/, 'scim'],
  [/^(webhook|notificationChannel|slack)/, 'connectivity'],
  [/^group/, 'groups'],
  [/^(role|permission)/, 'roles'],
  [/^apiToken/, 'apiTokens'],
  [/Policy|Restriction|^breachedPasswordResets/, 'security'],
  [/^(accountSettings|customLogin|adminBox|tenant)/, 'tenants'],
  [
    /^(login|logout|refresh|impersonation|reauthenticat|social|breachedPasswordLogin|password|session|otherSessions)/,
    'auth',
  ],
  [/^(team|user|unlock|invitation|profile|email|phoneNumber|activat|signedUp|signUp)/, 'users'],
  [/^audit/, 'audits'],
  [/^report/, 'reports'],
  [/^notification/, 'notifications'],
  [/^usage/, 'usage'],
];

const categoryOfShared = (name: string): CategoryId =>
  SHARED_TABLE_RULES.find(([pattern]) => pattern.test(name))?.[1] ?? 'other';

interface AuditEventLike {
  action: string;
  severity: string;
}

/** One audit event table: its events' category, and how a table key becomes an event name. */
interface Source {
  table: Readonly<Record<string, AuditEventLike>>;
  category: (name: string) => CategoryId;
  /** Prepended to the table's keys where they alone would be ambiguous (`codeSent`). */
  prefix?: string;
  /** Names clearer than prefix + key. */
  rename?: Readonly<Record<string, string>>;
}

const SOURCES: readonly Source[] = [
  { table: auditEvents, category: categoryOfShared },
  { table: mfaAuditEvents, category: () => 'mfa' },
  // Issue 15: the superuser console's changes, recorded in the superuser's own account.
  { table: entitlementsAuditEvents, category: () => 'entitlements' },
  // Issue 15: the superuser console's approvals and trial extensions, of one person's access.
  { table: trialConsoleAuditEvents, category: () => 'users' },
  { table: billingAuditEvents, category: () => 'billing' },
  { table: applicationsAuditEvents, category: () => 'applications' },
  // Issue 16: the superuser's registered OAuth clients (each an application signing in through the
  // hosted login) and signing-key rotations, in the superuser's own account.
  { table: oauthClientAuditEvents, category: () => 'applications', prefix: 'oauthClient' },
  { table: signingKeyAuditEvents, category: () => 'security', prefix: 'signingKey' },
  {
    table: phoneResetAuditEvents,
    category: () => 'users',
    prefix: 'phone',
    rename: { phoneNumberChanged: 'phoneNumberChanged' },
  },
  { table: passkeyAuditEvents, category: (name) => (/Login/.test(name) ? 'auth' : 'mfa') },
  { table: passwordlessAuditEvents, category: () => 'auth', prefix: 'passwordless' },
  { table: oauthAuditEvents, category: () => 'auth', prefix: 'oauth' },
  { table: usernameAuditEvents, category: () => 'users', prefix: 'username' },
  {
    table: tenantSwitchAuditEvents,
    category: () => 'tenants',
    rename: { switched: 'tenantSwitched', refused: 'tenantSwitchRefused' },
  },
  // Issue 15: changes to sub-accounts, in the acting administrator's account.
  { table: hierarchyAuditEvents, category: () => 'tenants' },
  { table: { captchaPolicyChanged }, category: () => 'security' },
  { table: { authStrategiesChanged: strategiesChanged }, category: () => 'security' },
  {
    table: signUpStrategiesAuditEvents,
    category: () => 'security',
    rename: { strategies: 'signUpStrategiesChanged', activation: 'activationMethodChanged' },
  },
];

export interface CatalogueEntry {
  /** `<category>.<name>`: what webhooks and channels store. */
  key: string;
  category: CategoryId;
  /** The audit action text. */
  displayName: string;
  description: string;
  severity: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function buildEntries(): CatalogueEntry[] {
  return SOURCES.flatMap((source) =>
    Object.entries(source.table).map(([tableKey, event]) => {
      const name =
        source.rename?.[tableKey] ?? (source.prefix ? `${source.prefix}${capitalized(tableKey)}` : tableKey);
      const category = source.category(tableKey);
      return {
        key: `${category}.${name}`,
        category,
        displayName: event.action,
        description: `Sent when the audit log records “${event.action}” in the account.`,
        severity: event.severity,
      };
    }),
  );
}

/** The catalogue's entries answer with fixed dates: the catalogue changes with the server, not in use. */
const CATALOGUE_DATE = '2026-01-01T00:00:00.000Z';

export interface EventCatalogue {
  entries: readonly CatalogueEntry[];
  byKey(key: string): CatalogueEntry | undefined;
  /** The event an audit row of this action is; undefined for an action outside the catalogue. */
  byAction(action: string): CatalogueEntry | undefined;
  hasKey(key: string): boolean;
  categories(vendorId: string): EventCategory[];
  events(vendorId: string): CatalogueEvent[];
}

export function createEventCatalogue(): EventCatalogue {
  const entries = buildEntries();
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));
  const byAction = new Map(entries.map((entry) => [entry.displayName, entry]));
  if (byKey.size !== entries.length || byAction.size !== entries.length) {
    throw new Error('the event catalogue has two events with one key or one action');
  }
  const categoryNames = new Map<string, string>(CATEGORIES);
  const viewOf = (entry: CatalogueEntry, vendorId: string): CatalogueEvent => ({
    id: entry.key,
    key: entry.key,
    displayName: entry.displayName,
    description: entry.description,
    category: categoryNames.get(entry.category) ?? entry.category,
    categoryId: entry.category,
    severity: entry.severity,
    createdAt: CATALOGUE_DATE,
    updatedAt: CATALOGUE_DATE,
    vendorId,
  });
  return {
    entries,
    byKey: (key) => byKey.get(key),
    byAction: (action) => byAction.get(action),
    hasKey: (key) => byKey.has(key),
    categories: (vendorId) =>
      CATEGORIES.map(([id, name]) => ({
        id,
        name,
        events: entries.filter((entry) => entry.category === id).map((entry) => viewOf(entry, vendorId)),
        createdAt: CATALOGUE_DATE,
        updatedAt: CATALOGUE_DATE,
        vendorId,
      })).filter((category) => category.events.length > 0),
    events: (vendorId) => entries.map((entry) => viewOf(entry, vendorId)),
  };
}

/** The JSON Schema of every delivery's body (the contract's eventPayloadSchema), for receivers. */
export const eventPayloadJsonSchema = (): Record<string, unknown> =>
  z.toJSONSchema(eventPayloadSchema, { target: 'draft-2020-12' });
