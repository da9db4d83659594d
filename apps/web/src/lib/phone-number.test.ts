import { describe, expect, it } from 'vitest';
import { isPhoneNumber, normalizePhoneNumber } from './phone-number';

describe('phone numbers (quick SMS login, MFA by SMS, phone reset)', () => {
  it('normalises the common notations to +digits', () => {
    expect(normalizePhoneNumber(' +1 (555) 010-0199 ')).toBe('+15550100199');
    expect(normalizePhoneNumber('0044 20.7946.0958')).toBe('+442079460958');
    expect(normalizePhoneNumber('   ')).toBe('');
  });

  it('accepts E.164 numbers only', () => {
    expect(isPhoneNumber('+15550100199')).toBe(true);
    expect(isPhoneNumber('5550100199')).toBe(false);
    expect(isPhoneNumber('+0123456789')).toBe(false);
    expect(isPhoneNumber('+1234')).toBe(false);
    expect(isPhoneNumber('+1555010019912345')).toBe(false);
  });
});
