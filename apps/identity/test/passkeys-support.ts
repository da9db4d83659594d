// Helpers of the passkey and WebAuthn tests: switch the Passkeys strategy, sign in, register.
import { updateVendorConfig } from '../src/db/queries/vendor-config.js';
import { TEST_PASSWORD } from './factories.js';
import { API, type TestServer } from './harness.js';
import { SoftwareAuthenticator, type CeremonyContext } from './software-authenticator.js';

/** The relying party of the test config (PUBLIC_URL http://identity.test). */
export const RP: CeremonyContext = { origin: 'http://identity.test', rpId: 'identity.test' };

/** Longer than the vendor settings' cache (5 s), so the server sees a changed configuration. */
const VENDOR_CACHE_SECONDS = 6;

export async function setPasskeysStrategy(server: TestServer, isActive: boolean): Promise<void> {
  await updateVendorConfig(server.db, {
    secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive }],
  });
  server.clock.advanceSeconds(VENDOR_CACHE_SECONDS);
}

export async function passwordLogin(server: TestServer, email: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ accessToken: string }>().accessToken;
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export const DEVICES = `${API}/users/webauthn/v1/devices`;

export async function registrationOptions(server: TestServer, accessToken: string) {
  const response = await server.app.inject({ method: 'POST', url: DEVICES, headers: bearer(accessToken) });
  if (response.statusCode !== 200) throw new Error(`registration options failed: ${response.body}`);
  return response.json<{ options: { challenge: string; user: { id: string } } }>().options;
}

/** Registers a passkey of a new software authenticator on the signed-in user's account. */
export async function registerPasskey(server: TestServer, accessToken: string) {
  const authenticator = new SoftwareAuthenticator('platform');
  const options = await registrationOptions(server, accessToken);
  const { json } = authenticator.register(options, RP);
  const response = await server.app.inject({
    method: 'POST',
    url: `${DEVICES}/verify`,
    headers: bearer(accessToken),
    payload: { id: json.id, response: json.response, deviceType: 'Platform' },
  });
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  return { authenticator, device: response.json<{ id: string }>() };
}

export async function loginOptions(server: TestServer, body: Record<string, unknown> = {}) {
  const response = await server.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/webauthn/prelogin`,
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`prelogin failed: ${response.body}`);
  return response.json<{ options: { challenge: string; allowCredentials?: unknown[] } }>().options;
}

export const postLogin = (server: TestServer, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/webauthn/postlogin`,
    payload: payload as Record<string, unknown>,
  });
