import {
  conditionValueSchemas,
  type Condition,
  type RuleOperation,
  type Rule,
  type Treatment,
} from '@brizo/contract/entities/entitlements';

// The rules editor's drafts (flags and plans): each condition's value is typed as text, in the
// shape its operation takes (SPEC section 5 "Rule operations", the contract's conditionValueSchemas),
// and read back into that shape, or refused, before anything is sent.

/** What an operation compares with, as the editor asks for it. */
export type ValueKind = 'list' | 'text' | 'number' | 'numberRange' | 'boolean' | 'date' | 'dateRange';

export const valueKindOf: Record<RuleOperation, ValueKind> = {
  in_list: 'list',
  starts_with: 'list',
  ends_with: 'list',
  contains: 'list',
  matches: 'text',
  equal: 'number',
  greater_than: 'number',
  greater_than_equal: 'number',
  lower_than: 'number',
  lower_than_equal: 'number',
  between_numeric: 'numberRange',
  is: 'boolean',
  on: 'date',
  on_or_after: 'date',
  on_or_before: 'date',
  between_date: 'dateRange',
};

/** How the value's inputs are labelled, by kind. */
export const valueLabels: Record<ValueKind, [string] | [string, string]> = {
  list: ['Values, separated by commas'],
  text: ['Regular expression'],
  number: ['Number'],
  numberRange: ['From', 'To'],
  boolean: ['Value'],
  date: ['Date'],
  dateRange: ['From', 'To'],
};

export interface ConditionDraft {
  attribute: string;
  op: RuleOperation;
  negate: boolean;
  /** The value as typed; `second` is a range's end. */
  first: string;
  second: string;
}

export interface RuleDraft {
  treatment: Treatment;
  conditions: ConditionDraft[];
}

export const emptyCondition = (): ConditionDraft => ({
  attribute: '',
  op: 'in_list',
  negate: false,
  first: '',
  second: '',
});

export const emptyRule = (): RuleDraft => ({ treatment: 'true', conditions: [emptyCondition()] });

const dayOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : '');
const numberText = (value: unknown) => (typeof value === 'number' ? String(value) : '');
/** A date input's day as the instant the contract takes: its start, in UTC. */
const instantOf = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00.000Z` : day);
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The value's inputs, from a stored condition. */
export function textOf(
  op: RuleOperation,
  value: Record<string, unknown>,
): Pick<ConditionDraft, 'first' | 'second'> {
  switch (valueKindOf[op]) {
    case 'list':
      return { first: Array.isArray(value.list) ? value.list.join(', ') : '', second: '' };
    case 'text':
      return { first: typeof value.string === 'string' ? value.string : '', second: '' };
    case 'number':
      return { first: numberText(value.number), second: '' };
    case 'numberRange':
      return { first: numberText(value.start), second: numberText(value.end) };
    case 'boolean':
      return { first: value.boolean === false ? 'false' : 'true', second: '' };
    case 'date':
      return { first: dayOf(value.date), second: '' };
    case 'dateRange':
      return { first: dayOf(value.start), second: dayOf(value.end) };
  }
}

function valueOf({ op, first, second }: ConditionDraft): Record<string, unknown> {
  switch (valueKindOf[op]) {
    case 'list':
      return {
        list: first
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      };
    case 'text':
      return { string: first };
    case 'number':
      return { number: numberOf(first) };
    case 'numberRange':
      return { start: numberOf(first), end: numberOf(second) };
    case 'boolean':
      return { boolean: first !== 'false' };
    case 'date':
      return { date: instantOf(first) };
    case 'dateRange':
      return { start: instantOf(first), end: instantOf(second) };
  }
}

/** The condition to send, or why it cannot be. */
export function conditionOf(draft: ConditionDraft): { condition: Condition } | { error: string } {
  if (!draft.attribute.trim()) return { error: 'Every condition needs an attribute' };
  const value = valueOf(draft);
  if (!conditionValueSchemas[draft.op].safeParse(value).success)
    return { error: `The value of ${draft.attribute.trim()} does not fit "${draft.op}"` };
  return { condition: { attribute: draft.attribute.trim(), op: draft.op, value, negate: draft.negate } };
}

/** The rules to send, or the first reason one cannot be. */
export function rulesOf(drafts: RuleDraft[]): { rules: Rule[] } | { error: string } {
  const rules: Rule[] = [];
  for (const draft of drafts) {
    if (draft.conditions.length === 0) return { error: 'Every rule needs a condition' };
    const conditions: Condition[] = [];
    for (const item of draft.conditions) {
      const read = conditionOf(item);
      if ('error' in read) return read;
      conditions.push(read.condition);
    }
    rules.push({ conditionLogic: 'and', conditions, treatment: draft.treatment });
  }
  return { rules };
}

/** The editor's drafts of stored rules. */
export const draftsOf = (rules: Rule[]): RuleDraft[] =>
  rules.map((rule) => ({
    treatment: rule.treatment,
    conditions: rule.conditions.map((condition) => ({
      attribute: condition.attribute,
      op: condition.op,
      negate: condition.negate,
      ...textOf(condition.op, condition.value),
    })),
  }));
