import { beforeAll, expect } from 'vitest';
import { listOutboxSms } from '../../db/queries/sms-outbox.js';
import { DEMO_PASSWORD } from '../../services/seed.js';
import { API, cookieValue, mailTo, useTestServer } from '../../../test/harness.js';

// What the tests of the passwordless methods (magic link, email code, SMS code) share: a test server
// whose vendor switches the sign-in strategy, and readers of what was mailed or texted.

export const COOKIE = 'fe_refresh_brizoaccess';

export const uniquePhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
export const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export function usePasswordlessServer() {
  const server = useTestServer();
  let vendorRefreshCookie = '';

  const post = (url: string, payload: unknown) =>
    server().app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
  const preLogin = (type: string, body: unknown) =>
    post(`${API}/auth/v1/passwordless/${type}/prelogin`, body);
  const postLogin = (type: string, body: unknown) =>
    post(`${API}/auth/v1/passwordless/${type}/postlogin`, body);

  /** Switches the vendor strategy as the vendor (a fresh access token: the tests move the clock). */
  async function useStrategy(strategy: string) {
    const refreshed = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      cookies: { [COOKIE]: vendorRefreshCookie },
    });
    vendorRefreshCookie = cookieValue(refreshed, COOKIE) ?? '';
    const response = await server().app.inject({
      method: 'PUT',
      url: `${API}/configurations/v1/auth/strategies`,
      headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
      payload: { mainAuthStrategies: [{ strategy }] },
    });
    expect(response.statusCode).toBe(200);
  }

  /** Moves the clock past the resend pause so the next pre-login sends again. */
  const afterResendPause = () => server().clock.advanceSeconds(server().config.recipientPauseSeconds + 1);

  async function mailedMagicToken(email: string): Promise<string> {
    const [message] = await mailTo(server().db, email);
    const url = message?.text
      .match(/https?:\/\/\S+/g)
      ?.find((link) => link.includes('/account/login/magic-link'));
    if (!url) throw new Error(`no magic link mailed to ${email}`);
    return new URL(url).searchParams.get('token') ?? '';
  }

  async function mailedCode(email: string): Promise<string> {
    const [message] = await mailTo(server().db, email);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  async function textedCode(phoneNumber: string): Promise<string> {
    const [sms] = await listOutboxSms(server().db, { to: phoneNumber, limit: 1 });
    const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code texted to ${phoneNumber}`);
    return code;
  }

  beforeAll(async () => {
    const response = await post(`${API}/auth/v1/user`, {
      email: 'super@brizo.test',
      password: DEMO_PASSWORD,
    });
    vendorRefreshCookie = cookieValue(response, COOKIE) ?? '';
  });

  return {
    server,
    preLogin,
    postLogin,
    useStrategy,
    afterResendPause,
    mailedMagicToken,
    mailedCode,
    textedCode,
  };
}
