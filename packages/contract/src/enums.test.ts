import { describe, expect, it } from 'vitest';
import { isOneOf, mfaStrategies, severities } from './enums.js';

describe('isOneOf', () => {
  it('accepts the vocabulary exactly, case and all', () => {
    expect(isOneOf(severities, 'SEVERE')).toBe(true);
    expect(isOneOf(severities, 'severe')).toBe(false);
    expect(isOneOf(mfaStrategies, 'EmailCode')).toBe(true);
  });

  it.each([undefined, null, 1, {}, ['SMS'], ''])('refuses %j', (value) => {
    expect(isOneOf(mfaStrategies, value)).toBe(false);
  });
});
