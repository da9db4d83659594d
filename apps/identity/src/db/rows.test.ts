import { describe, expect, it } from 'vitest';
import { column } from './rows.js';

describe('column readers', () => {
  const row = column.row({
    name: 'Ava',
    picture: null,
    verified: false,
    joined: new Date('2026-01-02T03:04:05Z'),
    joinedText: '2026-01-02 03:04:05+00',
    never: null,
  });

  it('read each type, and null where null is allowed', () => {
    expect(column.text(row, 'name')).toBe('Ava');
    expect(column.textOrNull(row, 'picture')).toBeNull();
    expect(column.boolean(row, 'verified')).toBe(false);
    expect(column.date(row, 'joined').toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(column.date(row, 'joinedText').toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(column.dateOrNull(row, 'never')).toBeNull();
  });

  it('throw, naming the column, when the driver answers another type', () => {
    expect(() => column.text(row, 'verified')).toThrow('Unexpected boolean in column verified');
    expect(() => column.text(row, 'picture')).toThrow('Unexpected null in column picture');
    expect(() => column.boolean(row, 'name')).toThrow('Unexpected string in column name');
    expect(() => column.date(row, 'name')).toThrow('Unexpected string in column name');
    expect(() => column.text(row, 'missing')).toThrow('Unexpected undefined in column missing');
    expect(() => column.row(null)).toThrow('Unexpected null in column (row)');
  });
});
