import { isDeepStrictEqual } from 'node:util';

/**
 * What an administrator's change did, as its audit row's `json.before` and `json.after` (issue 14):
 * only the fields that changed, `before: null` for a creation and `after: null` for a deletion.
 * Secrets never reach the audit log (anyone with fe.secure.read.audits reads it, webhooks carry it):
 * their values are masked, so the row still says that a secret changed, and long values (metadata
 * documents, images) are summarised by their length.
 */
export type AuditChange = {
  before: AuditFields | null;
  after: AuditFields | null;
};

export type AuditFields = Record<string, unknown>;

export const MASKED = '********';

/** Field names whose values are secrets or what a secret can be checked against. */
const SECRET_FIELD = /secret|password|token|hash|private|credential/i;

/** Longer strings are summarised: an audit row is read in a table and sent in every webhook. */
const MAX_STRING_LENGTH = 256;

/** A value as JSON would write it (a Date as its ISO string), so equal values compare equal. */
const plain = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

function redact(value: unknown, key?: string): unknown {
  if (value === null || value === undefined) return null;
  if (key !== undefined && SECRET_FIELD.test(key)) return MASKED;
  if (typeof value === 'string' && value.length > MAX_STRING_LENGTH) return `[${value.length} characters]`;
  if (Array.isArray(value)) return value.map((item) => redact(item));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, redact(inner, name)]));
  }
  return value;
}

const redacted = (fields: object): AuditFields =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, redact(plain(value), key)]),
  );

/**
 * The fields of `before` and `after` that differ, masked. A field missing on one side counts as null.
 * With `before` null (a creation) or `after` null (a deletion) the other side is given whole.
 */
export function auditChange(before: object | null, after: object | null): AuditChange {
  if (before === null || after === null) {
    return { before: before && redacted(before), after: after && redacted(after) };
  }
  const old = new Map(Object.entries(before));
  const now = new Map(Object.entries(after));
  const changed = [...new Set([...old.keys(), ...now.keys()])].filter(
    (key) => !isDeepStrictEqual(plain(old.get(key)), plain(now.get(key))),
  );
  const pick = (fields: Map<string, unknown>) =>
    redacted(Object.fromEntries(changed.map((key) => [key, fields.get(key) ?? null])));
  return { before: pick(old), after: pick(now) };
}
