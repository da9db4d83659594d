import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { listOutboxSms } from '../src/db/queries/sms-outbox.js';
import type { SignUpStrategySetting } from '../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../src/services/seed.js';
import { API, mailTo, type TestServer } from './harness.js';

// Shared by the sign-up, activation-by-code and usernames tests (issue 3, slice "sign-up").

export const SIGN_UP_STRATEGIES = `${API}/configurations/v1/sign-up/strategies`;
export const ACTIVATION_SETTING = `${API}/configurations/v1/sign-up/activation`;

export function signUpSupport(server: () => TestServer) {
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token?: string,
  ): Promise<LightMyRequestResponse> =>
    server().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  const tokenOf = async (identifier: { email: string } | { username: string }, password: string) => {
    const response = await inject('POST', `${API}/auth/v1/user`, { ...identifier, password });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ accessToken: string }>().accessToken;
  };

  // Kept for a minute of the test clock: once the main strategy is passwordless, the vendor could not
  // sign in by password to undo it; a test that moves the clock further gets a fresh one.
  let vendor: { token: string; at: number } | undefined;
  const vendorToken = async () => {
    const now = server().clock.now().getTime();
    if (!vendor || Math.abs(now - vendor.at) > 60_000) {
      vendor = { token: await tokenOf({ email: 'super@brizo.test' }, DEMO_PASSWORD), at: now };
    }
    return vendor.token;
  };

  return {
    inject,
    tokenOf,
    vendorToken,
    async setSignUpStrategies(strategies: SignUpStrategySetting[]) {
      const response = await inject('PUT', SIGN_UP_STRATEGIES, strategies, await vendorToken());
      expect(response.statusCode, response.body).toBe(200);
    },
    async setActivationMethod(activationMethod: 'link' | 'code') {
      const response = await inject('PUT', ACTIVATION_SETTING, { activationMethod }, await vendorToken());
      expect(response.statusCode, response.body).toBe(200);
    },
    /** The main sign-in strategy; a password login needs EmailAndPassword or UsernameAndPassword. */
    async setMainAuthStrategy(strategy: string) {
      const response = await inject(
        'PUT',
        `${API}/configurations/v1/auth/strategies`,
        { mainAuthStrategies: [{ strategy }] },
        await vendorToken(),
      );
      expect(response.statusCode, response.body).toBe(200);
    },
    /** The 6-digit code of the newest mail to `email`. */
    async codeFromMail(email: string): Promise<string> {
      const [mail] = await mailTo(server().db, email);
      const code = mail?.text.match(/\b\d{6}\b/)?.[0];
      if (!code) throw new Error(`no code in the newest mail to ${email}: ${mail?.text}`);
      return code;
    },
    async codeFromSms(phoneNumber: string): Promise<string> {
      const [sms] = await listOutboxSms(server().db, { to: phoneNumber, limit: 1 });
      const code = sms?.text.match(/\b\d{6}\b/)?.[0];
      if (!code) throw new Error(`no code in the newest SMS to ${phoneNumber}`);
      return code;
    },
  };
}

export const phoneAndUsernameOn: SignUpStrategySetting[] = [
  { strategy: 'email', isActive: true, isRequired: true },
  { strategy: 'phoneNumber', isActive: true, isRequired: false },
  { strategy: 'username', isActive: true, isRequired: false },
];
