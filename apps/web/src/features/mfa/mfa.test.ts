import { describe, expect, it } from 'vitest';
import type { MfaDevices, MfaFlow } from '../../sdk/hooks/mfa';
import { manualKeyOf } from './authenticator-enroll';
import { choicesOf } from './chooser';
import { MFA_CODE_PATTERN } from './code-form';

const noDevices: MfaDevices = { webauthn: [], phones: [], authenticators: [], emails: [] };
const flowOf = (overrides: Partial<MfaFlow>) =>
  ({ mode: 'verify', devices: noDevices, strategies: [], ...overrides }) as MfaFlow;

describe('the MFA chooser (SPEC section 4: several device types go to the selector)', () => {
  it.each([
    [{ ...noDevices, authenticators: [{ id: 'a' }] }, ['authenticatorApp']],
    [
      { ...noDevices, authenticators: [{ id: 'a' }], emails: [{ email: 'x@y.test' }] },
      ['authenticatorApp', 'emailVerifyCode'],
    ],
    [{ ...noDevices, phones: [{ id: 'p', phoneNumber: '******0199' }] }, ['smsVerifyCode']],
  ])('offers one choice per enrolled device type: %j', (devices, steps) => {
    expect(choicesOf(flowOf({ devices })).map((choice) => choice.step)).toEqual(steps);
  });

  it('offers the strategies to enroll in forced enrollment, skipping unknown ones', () => {
    const flow = flowOf({ mode: 'enroll', strategies: ['AuthenticatorApp', 'SMS', 'EmailCode'] });
    expect(choicesOf(flow).map((choice) => choice.step)).toEqual([
      'authenticatorApp',
      'smsSetPhoneNumber',
      'emailVerifyCode',
    ]);
  });
});

describe('the authenticator manual key', () => {
  it('is the secret of the otpauth:// URI', () => {
    expect(
      manualKeyOf('otpauth://totp/Brizo%20FoodMetrics:a%40b.test?issuer=Brizo&secret=JBSWY3DPEHPK3PXP'),
    ).toBe('JBSWY3DPEHPK3PXP');
    expect(manualKeyOf('not a uri')).toBeNull();
    expect(manualKeyOf(null)).toBeNull();
  });
});

describe('MFA codes are 6 digits (SPEC section 5)', () => {
  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
  ])('%s → %s', (code, valid) => {
    expect(MFA_CODE_PATTERN.test(code)).toBe(valid);
  });
});
