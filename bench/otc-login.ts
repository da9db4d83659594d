// One-time-code (OTC) logins per second on one core (server pinned with taskset): the vendor
// strategy is switched to Code, then each loop signs one demo account in again and again:
// pre-login (a code is mailed to the outbox), the code is read from the dev mailbox, post-login.
// Latency counts the two login calls; the mailbox read is the test's stand-in for a person.
// Usage: npx tsx bench/otc-login.ts            (PGlite)
//        DATABASE_URL=postgres://... npx tsx bench/otc-login.ts
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
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// One loop per demo account: a new code for an account retires its previous one.
const accounts = ['regular', 'trial', 'expired', 'review', 'admin', 'super'].map(
  (name) => `${name}@brizo.test`,
);

const server = await startServer({
  port: benchPort(3307),
  env: {
    DEV_TOOLS: 'true',
    // No pause between two codes to one account: each loop asks again at once.
    OTC_RESEND_SECONDS: '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  },
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { ok: response.ok, status: response.status, text };
}

/** Switches the vendor strategy as super@brizo.test (signed in with a password while that is active). */
async function useStrategy(strategy: string, accessToken: string): Promise<void> {
  const response = await fetch(`${server.url}${API}/configurations/v1/auth/strategies`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ mainAuthStrategies: [{ strategy }] }),
  });
  if (!response.ok) throw new Error(`strategy change failed: ${response.status} ${await response.text()}`);
}

async function vendorAccessToken(): Promise<string> {
  const login = await post('/auth/v1/user', { email: 'super@brizo.test', password: DEMO_PASSWORD });
  if (!login.ok) throw new Error(`vendor login failed: ${login.status} ${login.text}`);
  return (JSON.parse(login.text) as { accessToken: string }).accessToken;
}

async function mailedCode(email: string): Promise<string | undefined> {
  const response = await fetch(`${server.url}/dev/api/mailbox?limit=1&to=${encodeURIComponent(email)}`);
  const [message] = (await response.json()) as { subject: string }[];
  return message?.subject.match(/\b(\d{6})\b/)?.[1];
}

let vendorToken: string | undefined;
try {
  // Signed in before the switch; its token outlives the run (5 min), so it also puts the password back.
  vendorToken = await vendorAccessToken();
  await useStrategy('Code', vendorToken);
  const loginMs: number[] = [];
  const result = await runClosedLoop({
    workers: accounts.length,
    seconds,
    init: async (index) => ({ email: accounts[index] as string }),
    step: async ({ email }) => {
      const began = performance.now();
      const pre = await post('/auth/v1/passwordless/code/prelogin', { email });
      const preMs = performance.now() - began;
      const code = pre.ok ? await mailedCode(email) : undefined;
      if (!code) return false;
      const postBegan = performance.now();
      const signedIn = await post('/auth/v1/passwordless/code/postlogin', { email, token: code });
      if (!signedIn.ok) return false;
      loginMs.push(preMs + performance.now() - postBegan);
      return true;
    },
  });
  loginMs.sort((a, b) => a - b);
  const percentile = (p: number) =>
    loginMs[Math.min(loginMs.length - 1, Math.floor(p * loginMs.length))] ?? NaN;
  console.log(`## One-time-code login, one core (${database})`);
  console.log(
    `${describeMachine()}; ${seconds} s, ${accounts.length} accounts signing in back to back; failures: ${result.failed}`,
  );
  console.log(`| measure | value |`);
  console.log(`|---|---|`);
  console.log(`| OTC logins (pre-login + post-login) | ${formatRate(result.perSecond)}/s |`);
  console.log(
    `| login latency p50 / p99 (both calls) | ${percentile(0.5).toFixed(1)} ms / ${percentile(0.99).toFixed(1)} ms |`,
  );
} finally {
  // A PostgreSQL database outlives the run: leave it signing in with passwords, as seeded.
  if (vendorToken) await useStrategy('EmailAndPassword', vendorToken);
  await server.stop();
}
