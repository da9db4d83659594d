import { Secret, TOTP } from 'otpauth';

/** RFC 6238 defaults every authenticator app understands. */
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const ISSUER = 'Brizo FoodMetrics';

/** 160 random bits (RFC 4226's recommended length), base32 as authenticator apps expect. */
export const generateTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpFor = (secret: string, account = '') =>
  new TOTP({ issuer: ISSUER, label: account, secret: Secret.fromBase32(secret), ...TOTP_OPTIONS });

/** The otpauth:// URI the QR code encodes; its `secret` parameter is the manual key. */
export const totpProvisioningUri = (secret: string, account: string): string =>
  totpFor(secret, account).toString();

/**
 * The time step a code belongs to, accepting one step of clock drift either way, or null.
 * The caller records the step so the same code cannot be used twice (claimTotpStep).
 */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  const totp = totpFor(secret);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}
