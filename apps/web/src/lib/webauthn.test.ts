import { describe, expect, it } from 'vitest';
import { describeCeremonyError } from './webauthn';

describe('describeCeremonyError', () => {
  it.each([
    [
      'NotAllowedError',
      'sign-in',
      'passkey',
      'Passkey sign-in was cancelled or timed out. Please try again.',
    ],
    [
      'NotAllowedError',
      'sign-in',
      'security key',
      'Verification with your security key was cancelled or timed out. Please try again.',
    ],
    [
      'NotAllowedError',
      'registration',
      'passkey',
      'Adding a passkey was cancelled or timed out. Please try again.',
    ],
    ['InvalidStateError', 'registration', 'passkey', 'This device already has a passkey for your account.'],
    ['InvalidStateError', 'registration', 'security key', 'This security key is already registered.'],
    ['SecurityError', 'sign-in', 'passkey', 'A passkey cannot be used on this address.'],
    ['NotSupportedError', 'sign-in', 'passkey', 'This browser or device does not support passkeys.'],
    ['TypeError', 'sign-in', 'passkey', 'We could not sign you in with a passkey. Please try again.'],
    ['TypeError', 'sign-in', 'security key', 'We could not verify your security key. Please try again.'],
  ] as const)('%s during %s of a %s', (name, ceremony, kind, message) => {
    expect(describeCeremonyError(new DOMException('x', name), ceremony, kind)).toBe(message);
  });

  it('handles something that is not an error', () => {
    expect(describeCeremonyError('boom', 'registration')).toBe(
      'We could not add a passkey. Please try again.',
    );
  });
});
