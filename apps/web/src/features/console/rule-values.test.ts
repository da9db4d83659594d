import { describe, expect, it } from 'vitest';
import { conditionOf, draftsOf, emptyCondition, rulesOf, textOf } from './rule-values';

// Issue 15: the rules editor sends each operation's value in the shape the contract gives it.
describe('rule values', () => {
  it('reads a list, a number range, a boolean and a date in their shapes', () => {
    const base = { ...emptyCondition(), attribute: 'email' };
    expect(conditionOf({ ...base, op: 'ends_with', first: '@a.test, @b.test,' })).toEqual({
      condition: {
        attribute: 'email',
        op: 'ends_with',
        value: { list: ['@a.test', '@b.test'] },
        negate: false,
      },
    });
    expect(conditionOf({ ...base, op: 'between_numeric', first: '1', second: '5' })).toMatchObject({
      condition: { value: { start: 1, end: 5 } },
    });
    expect(conditionOf({ ...base, op: 'is', first: 'false', negate: true })).toMatchObject({
      condition: { value: { boolean: false }, negate: true },
    });
    expect(conditionOf({ ...base, op: 'on_or_after', first: '2026-03-01' })).toMatchObject({
      condition: { value: { date: '2026-03-01T00:00:00.000Z' } },
    });
  });

  it('refuses a missing attribute and a value that does not fit the operation', () => {
    expect(conditionOf({ ...emptyCondition(), first: 'x' })).toEqual({
      error: 'Every condition needs an attribute',
    });
    expect(conditionOf({ ...emptyCondition(), attribute: 'age', op: 'equal', first: 'ten' })).toHaveProperty(
      'error',
    );
    expect(
      conditionOf({ ...emptyCondition(), attribute: 'email', op: 'in_list', first: ' , ' }),
    ).toHaveProperty('error');
    expect(rulesOf([{ treatment: 'true', conditions: [] }])).toEqual({
      error: 'Every rule needs a condition',
    });
  });

  it('round-trips stored rules through the drafts', () => {
    const rules = [
      {
        conditionLogic: 'and' as const,
        treatment: 'false' as const,
        conditions: [
          { attribute: 'jwt.roles', op: 'contains' as const, value: { list: ['Admin'] }, negate: true },
          {
            attribute: 'signedUpAt',
            op: 'between_date' as const,
            value: { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' },
            negate: false,
          },
        ],
      },
    ];
    expect(rulesOf(draftsOf(rules))).toEqual({ rules });
    expect(textOf('matches', { string: '^a' })).toEqual({ first: '^a', second: '' });
  });
});
