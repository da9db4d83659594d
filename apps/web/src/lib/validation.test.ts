import { describe, expect, it } from 'vitest';
import { isEmail, isEmailAddress } from './validation';

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
