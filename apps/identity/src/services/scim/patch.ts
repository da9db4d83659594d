// SCIM PATCH (RFC 7644 3.5.2), applied to a resource's JSON in the order of its operations, with what
// real directories send beside the RFC: Entra ID's capitalised ops ("Replace") and `members` removed
// with a value array (only those members go), Okta's `members[value eq "…"]` removal followed by an
// add, and no-path replaces whose value carries the read-only `id` (ignored).
import type { Filter } from 'scim2-parse-filter';
import { appError, errorCatalogue } from '../../errors.js';
import {
  canonicalKeys,
  canonicalName,
  isObject,
  MULTI_VALUED,
  SCIM_SCHEMAS,
  splitPath,
  type JsonObject,
} from './attributes.js';
import { elementMatches, parseFilterText, pinnedValues } from './filter.js';

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path?: string | undefined;
  value?: unknown;
}

/** More operations than a directory sends in one request (Entra batches about 10). */
const MAX_OPERATIONS = 1000;

const invalid = (entry: keyof typeof errorCatalogue.scim, detail: string) =>
  appError(errorCatalogue.scim[entry], detail);

/** A PatchOp request's operations, ops lower-cased; 400 invalidSyntax for anything else. */
export function parsePatchRequest(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw invalid('invalidSyntax', 'The body must be a PatchOp object');
  const schemas = body.schemas;
  if (
    schemas !== undefined &&
    !(
      Array.isArray(schemas) &&
      schemas.some((urn) => String(urn).toLowerCase() === SCIM_SCHEMAS.patchOp.toLowerCase())
    )
  ) {
    throw invalid('invalidSyntax', `schemas must hold ${SCIM_SCHEMAS.patchOp}`);
  }
  const key = Object.keys(body).find((candidate) => candidate.toLowerCase() === 'operations');
  const operations = key === undefined ? undefined : body[key];
  if (!Array.isArray(operations) || operations.length === 0) {
    throw invalid('invalidSyntax', 'Operations must be a non-empty array');
  }
  if (operations.length > MAX_OPERATIONS)
    throw invalid('invalidSyntax', `At most ${MAX_OPERATIONS} operations`);
  return operations.map((operation, index) => {
    if (!isObject(operation)) throw invalid('invalidSyntax', `Operations[${index}] must be an object`);
    const fields = Object.fromEntries(
      Object.entries(operation).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const op = typeof fields.op === 'string' ? fields.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      throw invalid('invalidSyntax', `Operations[${index}].op must be add, replace or remove`);
    }
    const path = fields.path;
    if (path !== undefined && path !== null && (typeof path !== 'string' || path.length > 1000)) {
      throw invalid('invalidPath', `Operations[${index}].path must be a string`);
    }
    return {
      op,
      path: typeof path === 'string' && path.trim() !== '' ? path.trim() : undefined,
      value: fields.value,
    };
  });
}

interface ParsedPath {
  attribute: string[];
  filter?: Filter;
  sub?: string;
}

function parsePath(path: string): ParsedPath {
  const open = path.indexOf('[');
  if (open === -1) return { attribute: splitPath(path) };
  const close = path.lastIndexOf(']');
  const after = path.slice(close + 1);
  if (close < open || (after !== '' && !after.startsWith('.')))
    throw invalid('invalidPath', `Invalid path ${path}`);
  let filter: Filter;
  try {
    filter = parseFilterText(path.slice(open + 1, close));
  } catch {
    throw invalid('invalidPath', `Invalid value filter in path ${path}`);
  }
  return {
    attribute: splitPath(path.slice(0, open)),
    filter,
    ...(after === '' ? {} : { sub: canonicalName(after.slice(1)) }),
  };
}

/** The existing key spelt as `name` without case, else `name`. */
const keyOf = (object: JsonObject, name: string): string =>
  Object.keys(object).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;

/** The object holding the path's last segment, created on the way if asked; undefined if there is none. */
function parentOf(resource: JsonObject, segments: string[], create: boolean): JsonObject | undefined {
  let parent = resource;
  for (const segment of segments.slice(0, -1)) {
    const key = keyOf(parent, segment);
    const next = parent[key];
    if (isObject(next)) parent = next;
    else if (next === undefined && create) {
      const created: JsonObject = {};
      parent[key] = created;
      parent = created;
    } else if (Array.isArray(next)) {
      throw invalid(
        'invalidPath',
        `${segments.join('.')}: select elements of ${segment} with a value filter`,
      );
    } else return undefined;
  }
  return parent;
}

/** The `value` a member or an email is known by (a bare value stands for itself). */
const identity = (element: unknown): unknown => (isObject(element) ? element.value : element);
const sameElement = (a: unknown, b: unknown) => {
  const [left, right] = [identity(a), identity(b)];
  return left !== undefined && String(left).toLowerCase() === String(right).toLowerCase();
};

function applyFiltered(
  parent: JsonObject,
  key: string,
  path: ParsedPath & { filter: Filter },
  op: PatchOperation,
) {
  const current = parent[key];
  const elements: unknown[] = Array.isArray(current) ? current : [];
  const { filter, sub } = path;
  const matching = elements.filter((element) => elementMatches(filter, element));
  if (op.op === 'remove') {
    if (sub) {
      for (const element of matching) if (isObject(element)) delete element[keyOf(element, sub)];
    } else {
      const left = elements.filter((element) => !matching.includes(element));
      if (left.length > 0) parent[key] = left;
      else delete parent[key];
    }
    return;
  }
  const value = canonicalKeys(op.value);
  if (matching.length === 0) {
    const pinned = pinnedValues(filter);
    if (!pinned) throw invalid('noTarget', `No value of ${key} matches the path's filter`);
    if (!sub && !isObject(value)) throw invalid('invalidValue', `${key}: the value must be an object`);
    parent[key] = [...elements, sub ? { ...pinned, [sub]: value } : { ...pinned, ...(value as JsonObject) }];
    return;
  }
  parent[key] = elements.map((element) => {
    if (!matching.includes(element)) return element;
    if (sub) return { ...(isObject(element) ? element : { value: element }), [sub]: value };
    if (!isObject(value)) throw invalid('invalidValue', `${key}: the value must be an object`);
    return op.op === 'add' && isObject(element) ? { ...element, ...value } : value;
  });
}

function applyToPath(
  resource: JsonObject,
  op: PatchOperation & { path: string },
  readOnly: ReadonlySet<string>,
) {
  const path = parsePath(op.path);
  const [top] = path.attribute;
  if (top !== undefined && readOnly.has(top)) throw invalid('mutability', `${top} cannot be changed`);
  const parent = parentOf(resource, path.attribute, op.op !== 'remove');
  if (!parent) return;
  const key = keyOf(parent, path.attribute.at(-1) ?? '');
  if (path.filter) {
    applyFiltered(parent, key, { ...path, filter: path.filter }, op);
    return;
  }
  const current = parent[key];
  if (op.op === 'remove') {
    if (Array.isArray(current) && op.value !== undefined && op.value !== null) {
      // Entra ID removes some members with the bare path and the members to remove as its value.
      const gone = Array.isArray(op.value) ? op.value : [op.value];
      const left = current.filter((element) => !gone.some((item) => sameElement(element, item)));
      if (left.length > 0) parent[key] = left;
      else delete parent[key];
    } else delete parent[key];
    return;
  }
  const value = canonicalKeys(op.value);
  if (MULTI_VALUED.has(key) || Array.isArray(current)) {
    const incoming = Array.isArray(value) ? value : [value];
    const existing: unknown[] = Array.isArray(current) ? current : [];
    parent[key] =
      op.op === 'replace'
        ? incoming
        : [
            ...existing,
            ...incoming.filter((item) => !existing.some((element) => sameElement(element, item))),
          ];
    return;
  }
  // A complex attribute's sub-attributes not named in the value stay (RFC 7644 3.5.2.1 and 3.5.2.3).
  parent[key] = isObject(current) && isObject(value) ? { ...current, ...value } : value;
}

function applyOperation(resource: JsonObject, op: PatchOperation, readOnly: ReadonlySet<string>): void {
  if (op.path !== undefined) {
    applyToPath(resource, { ...op, path: op.path }, readOnly);
    return;
  }
  if (op.op === 'remove') throw invalid('noTarget', 'remove needs a path');
  if (!isObject(op.value)) throw invalid('invalidValue', 'add and replace without a path take an object');
  for (const [name, value] of Object.entries(op.value)) {
    const [top] = splitPath(name);
    // Okta sends the resource's own id (and schemas) in the value of a no-path replace: read-only, skipped.
    if (top === undefined || readOnly.has(top) || top === 'schemas') continue;
    if (top === SCIM_SCHEMAS.enterpriseUser && splitPath(name).length === 1 && isObject(value)) {
      for (const [sub, item] of Object.entries(value))
        applyToPath(resource, { op: op.op, path: `${name}:${sub}`, value: item }, readOnly);
    } else applyToPath(resource, { op: op.op, path: name, value }, readOnly);
  }
}

/** At most one primary value per multi-valued attribute: the one set last wins (RFC 7643 2.4). */
function onePrimary(resource: JsonObject): void {
  for (const [key, value] of Object.entries(resource)) {
    if (!MULTI_VALUED.has(key) || !Array.isArray(value)) continue;
    const last = value.findLastIndex(
      (item) =>
        isObject(item) && (item.primary === true || item.primary === 'True' || item.primary === 'true'),
    );
    if (last === -1) continue;
    resource[key] = value.map((item, index) =>
      isObject(item) && index !== last && 'primary' in item ? { ...item, primary: false } : item,
    );
  }
}

/**
 * The resource after the operations, in order; the input is left as it was. Operations on `readOnly`
 * attributes are refused (400 mutability), except in no-path values, where they are skipped.
 */
export function applyPatch(
  resource: JsonObject,
  operations: PatchOperation[],
  readOnly: ReadonlySet<string>,
): JsonObject {
  const patched = structuredClone(resource);
  for (const operation of operations) applyOperation(patched, operation, readOnly);
  onePrimary(patched);
  return patched;
}
