// SCIM filters (RFC 7644 3.4.2.2), parsed by scim2-parse-filter: as the conditions the directory
// queries turn into SQL (lists), and evaluated in memory on one resource's values (PATCH paths such
// as `members[value eq "…"]` or `emails[type eq "work"]`).
import { parse, type Filter } from 'scim2-parse-filter';
import type { ScimCompareOperator, ScimCondition } from '../../db/queries/scim-filter.js';
import { appError, errorCatalogue } from '../../errors.js';
import { canonicalName, isObject, MULTI_VALUED, splitPath, type JsonObject } from './attributes.js';

/** Longer filters than any directory sends are refused before the parser walks them. */
const MAX_FILTER_LENGTH = 4096;
const COMPARE_OPERATORS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);

const invalidFilter = (detail: string) => appError(errorCatalogue.scim.invalidFilter, detail);

/** The parsed filter, or 400 invalidFilter. */
export function parseFilterText(text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH)
    throw invalidFilter(`The filter is longer than ${MAX_FILTER_LENGTH} characters`);
  let parsed: Filter;
  try {
    parsed = parse(text);
  } catch {
    throw invalidFilter(`The filter could not be parsed: ${text.slice(0, 200)}`);
  }
  return parsed;
}

function compareOf(segments: string[], filter: Filter): ScimCondition {
  if (filter.op === 'pr') return { op: 'compare', attribute: segments, operator: 'pr', value: null };
  if (!('compValue' in filter) || !COMPARE_OPERATORS.has(filter.op)) {
    throw invalidFilter(`Unknown operator ${filter.op}`);
  }
  return {
    op: 'compare',
    attribute: segments,
    operator: filter.op as ScimCompareOperator,
    value: filter.compValue,
  };
}

/** Within an element of a multi-valued attribute: its sub-attributes are plain names. */
function elementCondition(filter: Filter): ScimCondition {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { op: filter.op, conditions: (filter as { filters: Filter[] }).filters.map(elementCondition) };
    case 'not':
      return { op: 'not', condition: elementCondition((filter as { filter: Filter }).filter) };
    case '[]':
      throw invalidFilter('A value filter cannot hold another value filter');
    default:
      return compareOf(attrPathOf(filter).split('.').map(canonicalName), filter);
  }
}

const attrPathOf = (filter: Filter): string => ('attrPath' in filter ? filter.attrPath : '');

/** `emails.value eq "x"` → some email's value is "x"; `emails eq "x"` → some email's value is "x". */
function toCondition(filter: Filter): ScimCondition {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { op: filter.op, conditions: (filter as { filters: Filter[] }).filters.map(toCondition) };
    case 'not':
      return { op: 'not', condition: toCondition((filter as { filter: Filter }).filter) };
    case '[]': {
      const segments = splitPath(attrPathOf(filter));
      const valueFilter = (filter as { valFilter: Filter }).valFilter;
      const [attribute] = segments;
      if (segments.length === 1 && attribute && MULTI_VALUED.has(attribute)) {
        return { op: 'within', attribute, condition: elementCondition(valueFilter) };
      }
      throw invalidFilter(`${attrPathOf(filter)} is not a multi-valued attribute`);
    }
    default: {
      const segments = splitPath(attrPathOf(filter));
      const [attribute, ...rest] = segments;
      if (attribute && MULTI_VALUED.has(attribute)) {
        const inner = compareOf(rest.length > 0 ? rest : ['value'], filter);
        return { op: 'within', attribute, condition: inner };
      }
      return compareOf(segments, filter);
    }
  }
}

/** A list's `filter` query parameter as the condition the directory queries run, or 400 invalidFilter. */
export const scimCondition = (text: string): ScimCondition => toCondition(parseFilterText(text));

// In memory: a PATCH path's value filter against the elements of one multi-valued attribute.

function valueOf(element: JsonObject, path: string): unknown {
  let current: unknown = element;
  for (const segment of path.split('.')) {
    if (!isObject(current)) return undefined;
    const key = Object.keys(current).find((candidate) => candidate.toLowerCase() === segment.toLowerCase());
    current = key === undefined ? undefined : current[key];
  }
  return current;
}

function compareValues(actual: unknown, operator: string, expected: unknown): boolean {
  if (operator === 'pr') return actual !== undefined && actual !== null && actual !== '';
  if (expected === null) return operator === 'eq' ? actual == null : operator === 'ne' && actual != null;
  const left = typeof actual === 'string' ? actual.toLowerCase() : actual;
  const right = typeof expected === 'string' ? expected.toLowerCase() : expected;
  // Entra ID writes booleans as strings: "True" equals true.
  const loose = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);
  switch (operator) {
    case 'eq':
      return loose(left) === loose(right);
    case 'ne':
      return loose(left) !== loose(right);
    case 'co':
      return typeof left === 'string' && typeof right === 'string' && left.includes(right);
    case 'sw':
      return typeof left === 'string' && typeof right === 'string' && left.startsWith(right);
    case 'ew':
      return typeof left === 'string' && typeof right === 'string' && left.endsWith(right);
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le': {
      if (typeof left !== typeof right || (typeof left !== 'string' && typeof left !== 'number'))
        return false;
      const [a, b] = [left as string | number, right as string | number];
      return operator === 'gt' ? a > b : operator === 'ge' ? a >= b : operator === 'lt' ? a < b : a <= b;
    }
    default:
      return false;
  }
}

/** Whether one element (an email, a member) meets a value filter; attribute names match without case. */
export function elementMatches(filter: Filter, element: unknown): boolean {
  const target = isObject(element) ? element : { value: element };
  switch (filter.op) {
    case 'and':
      return (filter as { filters: Filter[] }).filters.every((part) => elementMatches(part, target));
    case 'or':
      return (filter as { filters: Filter[] }).filters.some((part) => elementMatches(part, target));
    case 'not':
      return !elementMatches((filter as { filter: Filter }).filter, target);
    case '[]':
      return false;
    default:
      return compareValues(
        valueOf(target, attrPathOf(filter)),
        filter.op,
        'compValue' in filter ? filter.compValue : undefined,
      );
  }
}

/**
 * The attribute values a filter of `eq` comparisons pins (`type eq "work" and primary eq true`): what
 * an element created for a path that matched none starts with (Entra ID replaces
 * `emails[type eq "work"].value` on a user who has no work email yet).
 */
export function pinnedValues(filter: Filter): JsonObject | undefined {
  if (filter.op === 'eq' && 'compValue' in filter) {
    return { [canonicalName(attrPathOf(filter))]: filter.compValue };
  }
  if (filter.op === 'and') {
    const parts = (filter as { filters: Filter[] }).filters.map(pinnedValues);
    if (parts.some((part) => part === undefined)) return undefined;
    return Object.assign({}, ...parts) as JsonObject;
  }
  return undefined;
}
