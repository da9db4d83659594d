// Helpers of the MFA tests (mfa-*.test.ts): logins, enrollment and codes computed from secrets.
import { Secret, TOTP } from 'otpauth';
import { listOutboxSms } from '../src/db/queries/sms-outbox.js';
import { upsertMfaPolicy } from '../src/db/queries/mfa.js';
import type { EnforceMfaType } from '@brizo/contract';
import { createUser, TEST_PASSWORD, type CreateUserOptions } from './factories.js';
import { API, cookieValue, json, mailTo, type TestServer } from './harness.js';

export interface MfaRequired {
  mfaRequired: true;
  mfaToken: string;
  mfaEnrolled: boolean;
  mfaStrategies?: string[];
  mfaDevices?: {
    authenticators: { id: string }[];
    phones: { id: string; phoneNumber: string }[];
    emails: { email: string }[];
    webauthn: unknown[];
  };
  qrCode?: string;
  userId: string;
  userEmail: string;
}

export interface Session {
  accessToken: string;
  recoveryCode?: string;
  userId: string;
}

/** The secret of an otpauth:// URI (what a user types as the manual key). */
export const secretOf = (otpauthUri: string): string => {
  const secret = new URL(otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${otpauthUri}`);
  return secret;
};

/** The authenticator app's code at `at` (offset in 30 s steps). */
export const totpCode = (secret: string, at: Date, stepOffset = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime() + stepOffset * 30_000,
  });

export const claimsOf = (accessToken: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

export function mfaClient(server: () => TestServer) {
  const post = (path: string, payload?: unknown, headers: Record<string, string> = {}) =>
    server().app.inject({ method: 'POST', url: `${API}${path}`, payload: payload as object, headers });

  const login = (email: string, password = TEST_PASSWORD, cookies: Record<string, string> = {}) =>
    server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      payload: { email, password },
      cookies,
    });

  const mfaChallenge = async (email: string, cookies: Record<string, string> = {}) => {
    const response = await login(email, TEST_PASSWORD, cookies);
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    const body = json<MfaRequired>(response);
    if (!body.mfaRequired || !body.mfaToken) throw new Error(`expected MFA: ${response.body}`);
    return body;
  };

  const setPolicy = async (tenantId: string, enforceMfaType: EnforceMfaType, allowRememberMyDevice = true) =>
    upsertMfaPolicy(
      server().db,
      { tenantId, enforceMfaType, allowRememberMyDevice, mfaDeviceExpiration: 14 * 24 * 3600 },
      server().clock.now(),
    );

  /** A user in a tenant with policy Force who enrolled an authenticator app during login. */
  const enrolledUser = async (options: CreateUserOptions = {}) => {
    const created = await createUser(server().db, server().passwords, options);
    await setPolicy(created.tenant.id, 'Force');
    const challenge = await mfaChallenge(created.user.email);
    const secret = secretOf(challenge.qrCode ?? '');
    const enrolled = await post('/auth/v1/user/mfa/authenticator/enroll/verify', {
      mfaToken: challenge.mfaToken,
      token: totpCode(secret, server().clock.now()),
    });
    if (enrolled.statusCode !== 200) throw new Error(`enrollment failed: ${enrolled.body}`);
    // The enrollment code's step is spent: later codes come from the next step.
    server().clock.advanceSeconds(30);
    return { ...created, secret, session: json<Session>(enrolled), enrolledResponse: enrolled };
  };

  const latestCode = async (email: string): Promise<string> => {
    const [mail] = await mailTo(server().db, email);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  const latestSmsCode = async (phoneNumber: string): Promise<string> => {
    const [sms] = await listOutboxSms(server().db, { to: phoneNumber, limit: 1 });
    const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code texted to ${phoneNumber}`);
    return code;
  };

  return { post, login, mfaChallenge, setPolicy, enrolledUser, latestCode, latestSmsCode, cookieValue };
}
