import { API, cookieValue, json, type TestServer } from '../../../test/harness.js';
import { mfaClient } from '../../../test/mfa-support.js';

/** What the re-authentication tests do as the web app would: calls, sign-ins and renewals later on. */
export function reauthenticationClient(server: () => TestServer) {
  const mfa = mfaClient(server);
  const cookieName = () => `fe_refresh_${server().config.clientId.replaceAll('-', '')}`;

  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, accessToken: string, payload?: object) =>
    server().app.inject({
      method,
      url: `${API}${path}`,
      headers: { authorization: `Bearer ${accessToken}` },
      ...(payload ? { payload } : {}),
    });

  /** A password sign-in: its access token and refresh cookie. */
  async function signIn(email: string) {
    const response = await mfa.login(email);
    const accessToken = json<{ accessToken?: string }>(response).accessToken;
    const refresh = cookieValue(response, cookieName());
    if (!accessToken || !refresh) throw new Error(`sign-in failed: ${response.body}`);
    return { accessToken, refresh };
  }

  /** The session's access token after `seconds`: renewed with the refresh cookie, as the web app does. */
  async function laterToken(refresh: string, seconds: number) {
    server().clock.advanceSeconds(seconds);
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      cookies: { [cookieName()]: refresh },
      payload: {},
    });
    const accessToken = json<{ accessToken?: string }>(response).accessToken;
    if (!accessToken) throw new Error(`refresh failed: ${response.body}`);
    return { accessToken, refresh: cookieValue(response, cookieName()) ?? refresh };
  }

  return { mfa, cookieName, call, signIn, laterToken };
}
