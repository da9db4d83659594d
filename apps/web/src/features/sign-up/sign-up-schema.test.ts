import { describe, expect, it } from 'vitest';
import { signUpMessages, signUpRules, type SignUpValues } from './sign-up-schema';

const none = { enabled: false, required: false };
const valid: SignUpValues = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  companyName: ' Acme ',
  email: ' ada@acme.io ',
  acceptTerms: true,
};

describe('signUpRules', () => {
  it('gives each field its SPEC section 5 message', () => {
    const { validate } = signUpRules({ phoneNumber: none, username: none });
    expect(
      validate({ firstName: ' ', lastName: '', companyName: '  ', email: ' ', acceptTerms: false }),
    ).toEqual({
      firstName: signUpMessages.firstNameRequired,
      lastName: signUpMessages.lastNameRequired,
      companyName: signUpMessages.companyRequired,
      email: signUpMessages.emailRequired,
      acceptTerms: signUpMessages.termsRequired,
    });
    expect(validate({ ...valid, companyName: ' ab ', email: 'ada@acme' })).toEqual({
      companyName: signUpMessages.companyTooShort,
      email: signUpMessages.emailInvalid,
    });
    expect(validate(valid)).toEqual({});
  });

  it('asks no company of someone joining an account', () => {
    const { validate, parse } = signUpRules({ phoneNumber: none, username: none }, true);
    expect(validate({ ...valid, companyName: '' })).toEqual({});
    expect(parse({ ...valid, companyName: ' ' }).companyName).toBe('');
  });

  it('checks the extra identifiers as the vendor’s strategies ask, and hands everything on trimmed', () => {
    const required = { enabled: true, required: true };
    const { validate, parse } = signUpRules({ phoneNumber: required, username: required });
    expect(validate({ ...valid, phoneNumber: ' ', username: '' })).toEqual({
      phoneNumber: signUpMessages.phoneNumberRequired,
      username: signUpMessages.usernameRequired,
    });
    expect(validate({ ...valid, phoneNumber: '+15550100199', username: 'a b' })).toEqual({
      username: signUpMessages.usernameInvalid,
    });
    expect(parse({ ...valid, phoneNumber: ' +15550100199 ', username: ' ada.l ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Acme',
      email: 'ada@acme.io',
      acceptTerms: true,
      phoneNumber: '+15550100199',
      username: 'ada.l',
    });

    const optional = signUpRules({ phoneNumber: { enabled: true, required: false }, username: none });
    expect(optional.validate({ ...valid, phoneNumber: '' })).toEqual({});
    expect(optional.parse(valid)).not.toHaveProperty('phoneNumber');
  });
});
