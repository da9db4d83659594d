// SCIM filters (RFC 7644 3.4.2.2) as SQL conditions over the directory tables. The service has parsed
// the filter and named every attribute canonically; multi-valued attributes are always reached
// through `within` (`emails.value eq "x"` is `emails[value eq "x"]`).
import { sql, type SQL } from 'drizzle-orm';

export type ScimCompareOperator = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le' | 'pr';

export type ScimCondition =
  | { op: 'and' | 'or'; conditions: ScimCondition[] }
  | { op: 'not'; condition: ScimCondition }
  | {
      op: 'compare';
      attribute: string[];
      operator: ScimCompareOperator;
      value: string | number | boolean | null;
    }
  /** Some element of the multi-valued `attribute` meets `condition` (its attributes are the element's). */
  | { op: 'within'; attribute: string; condition: ScimCondition };

/** A value the attribute's type cannot be compared with (a date that is none, `gt true`): a 400, not a 500. */
export class ScimFilterValueError extends Error {
  override name = 'ScimFilterValueError';
}

/** How an attribute reads in SQL: text compared without case (most of SCIM), exactly (ids), or typed. */
export interface Operand {
  sql: SQL;
  type: 'text' | 'exact-text' | 'boolean' | 'timestamp';
}

/** What one table offers the filter: its attributes, and its multi-valued ones' elements. */
export interface FilterTarget {
  operand(attribute: string[]): Operand | undefined;
  within(attribute: string, condition: (element: FilterTarget) => SQL): SQL | undefined;
}

/** A jsonb value's attributes as text, without case (values SCIM declares caseExact are ids, columns). */
export const jsonTarget = (json: SQL): FilterTarget => ({
  operand: (attribute) => ({
    sql: sql`(${json} #>> ${`{${attribute.map(quotePathKey).join(',')}}`}::text[])`,
    type: 'text',
  }),
  within: (attribute, condition) => {
    const array = sql`(${json} -> ${attribute}::text)`;
    const element = jsonTarget(sql`scim_element.value`);
    return sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${array}) = 'array' then ${array} else '[]'::jsonb end) as scim_element where ${condition(element)})`;
  },
});

/** A key of a text[] path literal: quoted, since URNs hold colons and keys may hold commas. */
const quotePathKey = (key: string) => `"${key.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

const NUMBER = /^-?\d+(\.\d+)?$/;

function compare(
  operand: Operand,
  operator: ScimCompareOperator,
  value: string | number | boolean | null,
): SQL {
  const x = operand.sql;
  if (operator === 'pr') {
    return operand.type === 'text' || operand.type === 'exact-text'
      ? sql`(${x} is not null and ${x} <> '')`
      : sql`(${x} is not null)`;
  }
  if (value === null) {
    if (operator === 'eq') return sql`(${x} is null)`;
    if (operator === 'ne') return sql`(${x} is not null)`;
    throw new ScimFilterValueError(`${operator} cannot compare with null`);
  }
  if (operand.type === 'boolean' || typeof value === 'boolean') {
    const wanted = typeof value === 'string' ? value.toLowerCase() : value;
    if (wanted !== true && wanted !== false && wanted !== 'true' && wanted !== 'false') {
      throw new ScimFilterValueError('a boolean attribute compares with true or false');
    }
    const flag = wanted === true || wanted === 'true';
    const left = operand.type === 'boolean' ? x : sql`lower(${x})`;
    const right = operand.type === 'boolean' ? sql`${flag}::boolean` : sql`${String(flag)}::text`;
    if (operator === 'eq') return sql`(${left} = ${right})`;
    if (operator === 'ne') return sql`(${left} is distinct from ${right})`;
    throw new ScimFilterValueError(`${operator} does not apply to booleans`);
  }
  if (operand.type === 'timestamp') {
    if (typeof value !== 'string' || !Number.isFinite(Date.parse(value))) {
      throw new ScimFilterValueError('a dateTime attribute compares with an xsd:dateTime');
    }
    const at = sql`${new Date(value).toISOString()}::timestamptz`;
    return ordered(x, operator, at) ?? throwFor(operator, 'dateTime');
  }
  if (typeof value === 'number') {
    if (operator === 'eq') return sql`(${x} = ${String(value)}::text)`;
    if (operator === 'ne') return sql`(${x} is distinct from ${String(value)}::text)`;
    const numeric = sql`(case when ${x} ~ ${NUMBER.source}::text then (${x})::numeric end)`;
    return ordered(numeric, operator, sql`${value}::numeric`) ?? throwFor(operator, 'number');
  }
  const exact = operand.type === 'exact-text';
  const left = exact ? x : sql`lower(${x})`;
  const right = exact ? sql`${value}::text` : sql`lower(${value}::text)`;
  switch (operator) {
    case 'eq':
      return sql`(${left} = ${right})`;
    case 'ne':
      return sql`(${left} is distinct from ${right})`;
    case 'co':
      return sql`(strpos(${left}, ${right}) > 0)`;
    case 'sw':
      return sql`starts_with(${left}, ${right})`;
    case 'ew':
      return sql`(right(${left}, char_length(${right})) = ${right})`;
    default:
      return ordered(left, operator, right) ?? throwFor(operator, 'string');
  }
}

function ordered(left: SQL, operator: ScimCompareOperator, right: SQL): SQL | undefined {
  if (operator === 'gt') return sql`(${left} > ${right})`;
  if (operator === 'ge') return sql`(${left} >= ${right})`;
  if (operator === 'lt') return sql`(${left} < ${right})`;
  if (operator === 'le') return sql`(${left} <= ${right})`;
  if (operator === 'eq') return sql`(${left} = ${right})`;
  if (operator === 'ne') return sql`(${left} is distinct from ${right})`;
  return undefined;
}

const throwFor = (operator: string, type: string): never => {
  throw new ScimFilterValueError(`${operator} does not apply to a ${type}`);
};

/** The condition as SQL; an attribute the table does not have matches nothing (RFC 7644 3.4.2.2). */
export function filterSql(target: FilterTarget, condition: ScimCondition): SQL {
  switch (condition.op) {
    case 'and':
    case 'or': {
      const parts = condition.conditions.map((part) => filterSql(target, part));
      return sql`(${sql.join(parts, condition.op === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'not':
      return sql`(not coalesce(${filterSql(target, condition.condition)}, false))`;
    case 'within':
      return (
        target.within(condition.attribute, (element) => filterSql(element, condition.condition)) ?? sql`false`
      );
    case 'compare': {
      const operand = target.operand(condition.attribute);
      return operand ? compare(operand, condition.operator, condition.value) : sql`false`;
    }
  }
}
