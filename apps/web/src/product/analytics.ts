import { parseJsonObject } from './metadata';
import type { KeyValueStorage, ProductTenant, ProductUser } from './types';
import { USER_VERIFIED_KEY } from './user-verified-key';

// Analytics payloads, SPEC sections 1, 3 and 4. Only the payloads are decided here; the
// screens decide when to send them, through an injected sink.

export interface AnalyticsSink {
  identify(userId: string, traits: Record<string, unknown>): void;
  setAttributes(attributes: Record<string, unknown>): void;
  pushToDataLayer(entry: Record<string, unknown>): void;
}

// Contact details and our own bookkeeping stay out of the analytics service.
const EXCLUDED_USER_METADATA: readonly string[] = [
  'maxResults',
  'phoneNumber',
  'firstName',
  'lastName',
  'source',
];
const EXCLUDED_ACCOUNT_METADATA: readonly string[] = ['domains', 'source', 'defaults'];

/** Free-form metadata as `<prefix> <key>` attributes, minus the excluded keys. */
function metadataAttributes(
  json: string | null | undefined,
  prefix: string,
  excluded: readonly string[],
): Record<string, unknown> {
  const entries = Object.entries(parseJsonObject(json)).filter(([key]) => !excluded.includes(key));
  return Object.fromEntries(entries.map(([key, value]) => [`${prefix} ${key}`, value]));
}

/** Drops absent values so the service does not record "undefined". */
function defined(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined));
}

/**
 * 'User ...' attributes. Metadata keys come first so a metadata key such as "ID" can never
 * overwrite the real 'User ID'. Roles are the role keys, comma-separated.
 */
export function buildUserAttributes(user: ProductUser): Record<string, unknown> {
  return defined({
    ...metadataAttributes(user.metadata, 'User', EXCLUDED_USER_METADATA),
    'User ID': user.id,
    'User Email': user.email,
    'User Name': user.name,
    'User Created At': user.createdAt,
    'User Roles': (user.roles ?? []).map((role) => role.key).join(', '),
  });
}

/** 'Account ...' attributes, built the same way as the user's. */
export function buildAccountAttributes(tenant: ProductTenant): Record<string, unknown> {
  return defined({
    ...metadataAttributes(tenant.metadata, 'Account', EXCLUDED_ACCOUNT_METADATA),
    'Account ID': tenant.tenantId,
    'Account Name': tenant.name,
    'Account Created At': tenant.createdAt,
  });
}

export interface DataLayerEntry {
  user_id: string;
  company: string;
  company_id: string;
  tool: 'SIP';
}

/** The analytics push of SPEC section 3. Without a loaded tenant the user's own tenant id stands in. */
export function buildDataLayerEntry(user: ProductUser, tenant: ProductTenant | null): DataLayerEntry {
  return {
    user_id: user.id,
    company: tenant?.name ?? '',
    company_id: tenant?.tenantId ?? user.tenantId,
    tool: 'SIP',
  };
}

/** Sends what the redirect screen sends for an authenticated user: attributes, identify, push. */
export function sendUserAnalytics(
  user: ProductUser,
  tenant: ProductTenant | null,
  sink: AnalyticsSink,
): void {
  const attributes = { ...buildUserAttributes(user), ...(tenant ? buildAccountAttributes(tenant) : {}) };
  sink.setAttributes(attributes);
  sink.identify(user.id, attributes);
  sink.pushToDataLayer({ ...buildDataLayerEntry(user, tenant) });
}

export { USER_VERIFIED_KEY };
export const TRIAL_SUCCESS_EVENT = 'trial_success_registration';

/**
 * Pushes the trial-success event when the verified-email flag names this user, then removes
 * the flag so reloading /trial-started does not count the registration twice. A flag left
 * by someone else on a shared browser stays for them. Returns whether the event was pushed.
 */
export function pushTrialSuccessOnce(
  user: ProductUser,
  local: KeyValueStorage,
  sink: AnalyticsSink,
): boolean {
  const verifiedEmail = local.getItem(USER_VERIFIED_KEY);
  if (!verifiedEmail || verifiedEmail.trim().toLowerCase() !== user.email.trim().toLowerCase()) return false;
  sink.pushToDataLayer({ event: TRIAL_SUCCESS_EVENT, user_id: user.id, company_id: user.tenantId });
  local.removeItem(USER_VERIFIED_KEY);
  return true;
}

const CONTAINER_ID = /^GTM-[A-Za-z0-9]+$/;

/** A Google Tag Manager container id; any other value keeps analytics off (SPEC section 5). */
export function isValidContainerId(id: string | undefined | null): boolean {
  return typeof id === 'string' && CONTAINER_ID.test(id);
}

/**
 * Sends everything through `window.dataLayer`, where the tag manager forwards it. Identify
 * and attributes become events of their own. The array is looked up on every call because
 * the tag manager wraps `dataLayer.push` once it loads.
 */
export function createDataLayerSink(win: { dataLayer?: unknown[] }): AnalyticsSink {
  const push = (entry: Record<string, unknown>) => (win.dataLayer ??= []).push(entry);
  return {
    identify: (userId, traits) => push({ event: 'identify', user_id: userId, traits }),
    setAttributes: (attributes) => push({ event: 'set attributes', attributes }),
    pushToDataLayer: (entry) => push(entry),
  };
}

export interface AnalyticsEntry {
  kind: 'identify' | 'setAttributes' | 'pushToDataLayer';
  payload: unknown;
}

/** Records calls in order, for tests and the preview mode. */
export function createMemorySink(): AnalyticsSink & { entries: AnalyticsEntry[] } {
  const entries: AnalyticsEntry[] = [];
  return {
    entries,
    identify: (userId, traits) => entries.push({ kind: 'identify', payload: { userId, traits } }),
    setAttributes: (attributes) => entries.push({ kind: 'setAttributes', payload: attributes }),
    pushToDataLayer: (entry) => entries.push({ kind: 'pushToDataLayer', payload: entry }),
  };
}

/** Used when analytics is off: it drops everything, so nothing accumulates. */
export const noopAnalyticsSink: AnalyticsSink = {
  identify: () => {},
  setAttributes: () => {},
  pushToDataLayer: () => {},
};

/** The data-layer sink when the container id is valid, else the no-op sink. */
export function selectAnalyticsSink(
  containerId: string | undefined | null,
  win: { dataLayer?: unknown[] },
): AnalyticsSink {
  return isValidContainerId(containerId) ? createDataLayerSink(win) : noopAnalyticsSink;
}
