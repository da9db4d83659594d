import type { TestServer } from './harness.js';
import { API } from './harness.js';
import { createUser, type CreateUserOptions, TEST_PASSWORD } from './factories.js';

/** Signs a user in with TEST_PASSWORD and returns the login answer's access token. */
export async function accessTokenOf(
  server: TestServer,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email, password },
  });
  const token = response.json<{ accessToken?: string }>().accessToken;
  if (!token) throw new Error(`no access token for ${email}: ${response.body}`);
  return token;
}

/** A tenant administrator (role Admin) and a bearer header for them. */
export async function createAdmin(server: TestServer, options: CreateUserOptions = {}) {
  const created = await createUser(server.db, server.passwords, { roleKeys: ['Admin'], ...options });
  const authorization = `Bearer ${await accessTokenOf(server, created.user.email)}`;
  return { ...created, authorization };
}

export const setPolicy = (
  server: TestServer,
  authorization: string,
  path: 'lockout-policy' | 'password-history-policy' | 'password-rotation' | 'password-recovery/strategies',
  payload: unknown,
) =>
  server.app.inject({
    method: 'POST',
    url: `${API}/configurations/v1/${path}`,
    headers: { authorization },
    payload: payload as Record<string, unknown>,
  });

export const passwordLogin = (server: TestServer, email: string, password: string) =>
  server.app.inject({ method: 'POST', url: `${API}/auth/v1/user`, payload: { email, password } });
