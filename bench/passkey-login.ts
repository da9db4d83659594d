// Passkey sign-ins per second on one core (server pinned with taskset). Each loop is one browser with
// its own passkey (a software authenticator: P-256, like a platform authenticator) and signs in back
// to back: POST webauthn/prelogin for a challenge, sign it, POST webauthn/postlogin.
// Usage: npx tsx bench/passkey-login.ts            (PGlite)
//        DATABASE_URL=postgres://... npx tsx bench/passkey-login.ts
import { SoftwareAuthenticator } from '../apps/identity/test/software-authenticator.ts';
import {
  benchPort,
  API,
  DEMO_PASSWORD,
  describeMachine,
  formatRate,
  runClosedLoop,
  startServer,
} from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const workers = 8;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const port = benchPort(3325);

async function post<T>(url: string, body: unknown, accessToken?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const server = await startServer({
  port,
  env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
});
const context = { origin: server.url, rpId: 'localhost' };
const signIn = (email: string) =>
  post<{ accessToken: string }>(`${server.url}${API}/auth/v1/user`, { email, password: DEMO_PASSWORD });

try {
  // The vendor offers passkeys (as the superuser would switch it on).
  const superUser = await signIn('super@brizo.test');
  await fetch(`${server.url}${API}/configurations/v1/auth/strategies`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${superUser.accessToken}` },
    body: JSON.stringify({ secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }] }),
  }).then(async (response) => {
    if (!response.ok) throw new Error(`enabling passkeys: ${await response.text()}`);
  });
  // The strategy is cached for up to 5 s by the server.
  await new Promise((resolve) => setTimeout(resolve, 5500));

  const result = await runClosedLoop({
    workers,
    seconds,
    init: async () => {
      const { accessToken } = await signIn('regular@brizo.test');
      const devices = `${server.url}${API}/users/webauthn/v1/devices`;
      const { options } = await post<{ options: { challenge: string; user: { id: string } } }>(
        devices,
        {},
        accessToken,
      );
      const authenticator = new SoftwareAuthenticator('platform');
      const { json } = authenticator.register(options, context);
      await post(`${devices}/verify`, { id: json.id, response: json.response }, accessToken);
      return authenticator;
    },
    step: async (authenticator) => {
      try {
        const { options } = await post<{ options: { challenge: string } }>(
          `${server.url}${API}/auth/v1/webauthn/prelogin`,
          {},
        );
        const login = await post<{ accessToken?: string }>(
          `${server.url}${API}/auth/v1/webauthn/postlogin`,
          authenticator.assert(options, context),
        );
        return Boolean(login.accessToken);
      } catch {
        return false;
      }
    },
  });
  console.log(`## Passkey login, one core (${database})`);
  console.log(
    `${describeMachine()}; ${seconds} s, ${workers} browsers with a passkey each, signing in back to back (prelogin + postlogin); failures: ${result.failed}`,
  );
  console.log(`| measure | value |`);
  console.log(`|---|---|`);
  console.log(`| passkey logins | ${formatRate(result.perSecond)}/s |`);
  console.log(
    `| login latency p50 / p99 (both calls) | ${result.p50.toFixed(1)} ms / ${result.p99.toFixed(1)} ms |`,
  );
} finally {
  await server.stop();
}
