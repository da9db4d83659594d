import { describe, expect, it } from 'vitest';
import { emailAddressProblem, emailFormRules, isEmail, isEmailAddress, messages } from './validation';

describe('isEmailAddress', () => {
  it('takes the usual addresses', () => {
    for (const address of ['ada@acme.io', "o'neil+tag@mail.acme-corp.co.uk", 'a.b_c-d@x1.org', 'a@b.cd'])
      expect(isEmailAddress(address), address).toBe(true);
  });

  it('refuses what the looser login check lets through', () => {
    for (const address of [
      'ada@acme',
      '.ada@acme.io',
      'ada..l@acme.io',
      "ada'@acme.io",
      'ada@-acme.io',
      'ada@acme.c',
      'ad a@acme.io',
      'ada@acme.io1',
    ]) {
      expect(isEmailAddress(address), address).toBe(false);
    }
    expect(isEmail('ada@acme.c')).toBe(true);
  });
});

describe('emailFormRules', () => {
  const rules = emailFormRules('Work Email is required');

  it("asks for the address with the form's own message, then for a valid one", () => {
    expect(rules.validate({ email: '   ' })).toEqual({ email: 'Work Email is required' });
    expect(rules.validate({ email: 'ada@acme' })).toEqual({ email: messages.emailInvalid });
    expect(rules.validate({ email: ' ada@acme.io ' })).toEqual({});
  });

  it('hands the address on trimmed', () => {
    expect(rules.parse({ email: ' ada@acme.io ' })).toEqual({ email: 'ada@acme.io' });
  });

  it('shares its rule with emailAddressProblem, whose messages default to the common ones', () => {
    expect(emailAddressProblem('')).toBe(messages.emailRequired);
    expect(emailAddressProblem('ada@acme')).toBe(messages.emailInvalid);
    expect(emailAddressProblem('ada@acme.io')).toBeUndefined();
  });
});
