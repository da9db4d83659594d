// TOTP MFA verifications per second on one core (server pinned with taskset). Setup: BENCH_USERS
// users sign up, activate and enroll an authenticator app. Each loop then takes a user whose next
// code is usable (a code cannot be replayed: one verification per user per 30-second step, with
// one step of drift either way), asks for a step-up mfaToken (bearer, no password hashing) and
// verifies the code at POST /auth/v1/user/mfa/verify, which signs a new session in.
// Latency and throughput count the verification call; the step-up call is reported beside it.
// Usage: npx tsx bench/totp-verify.ts            (PGlite)
//        DATABASE_URL=postgres://... npx tsx bench/totp-verify.ts
import { Secret, TOTP } from 'otpauth';
import { benchPort, API, describeMachine, formatRate, runClosedLoop, startServer } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const userCount = Number(process.env.BENCH_USERS ?? 400);
const workers = Number(process.env.BENCH_WORKERS ?? 8);
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const PASSWORD = 'Bench-totp-2026!';
const PERIOD_MS = 30_000;

const server = await startServer({
  port: benchPort(3305),
  env: { DEV_TOOLS: 'true', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
});

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, string>;
}

interface BenchUser {
  bearer: string;
  totp: TOTP;
  /** The last time step used: the next verification must use a later one. */
  lastStep: number;
}

const stepAt = (ms: number) => Math.floor(ms / PERIOD_MS);

async function enrolledUser(index: number): Promise<BenchUser> {
  const email = `totp-bench-${index}-${Date.now()}@bench-foods.example`;
  await call('/users/v1/signUp', { email, name: 'Bench User', companyName: 'Bench Foods' });
  const mail = await fetch(`${server.url}/dev/api/mailbox?limit=1&to=${encodeURIComponent(email)}`);
  const [message] = (await mail.json()) as { text: string }[];
  const link = new URL(message?.text.match(/https?:\/\/\S+\/account\/activate\?\S+/)?.[0] ?? '');
  const activated = await call('/users/v1/activate', {
    userId: link.searchParams.get('userId'),
    token: link.searchParams.get('token'),
    password: PASSWORD,
  });
  const bearer = `Bearer ${activated.accessToken}`;
  const { qrCode } = await call('/users/v1/mfa/authenticator/enroll', undefined, { authorization: bearer });
  const secret = new URL(qrCode ?? '').searchParams.get('secret') ?? '';
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const now = Date.now();
  await call(
    '/users/v1/mfa/authenticator/enroll/verify',
    { token: totp.generate({ timestamp: now }) },
    { authorization: bearer },
  );
  return { bearer, totp, lastStep: stepAt(now) };
}

try {
  const setupStarted = performance.now();
  const users: BenchUser[] = [];
  for (let index = 0; index < userCount; index += 10) {
    users.push(
      ...(await Promise.all(Array.from({ length: 10 }, (_, offset) => enrolledUser(index + offset)))),
    );
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  let cursor = 0;
  /** The next user with a usable code, and the code's time step (server and bench share the clock). */
  const nextUser = (): { user: BenchUser; step: number } | undefined => {
    const current = stepAt(Date.now());
    for (let tried = 0; tried < users.length; tried += 1) {
      const user = users[cursor % users.length] as BenchUser;
      cursor += 1;
      const step = Math.max(user.lastStep + 1, current - 1);
      if (step <= current + 1) {
        user.lastStep = step;
        return { user, step };
      }
    }
    return undefined;
  };

  const stepUpMs: number[] = [];
  const verifyMs: number[] = [];
  let exhausted = 0;
  const result = await runClosedLoop({
    workers,
    seconds,
    init: async () => ({}),
    step: async () => {
      const next = nextUser();
      if (!next) {
        exhausted += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return false;
      }
      const began = performance.now();
      const { mfaToken } = await call(
        '/auth/v1/user/step-up/generate',
        {},
        { authorization: next.user.bearer },
      );
      stepUpMs.push(performance.now() - began);
      const value = next.user.totp.generate({ timestamp: next.step * PERIOD_MS + 1000 });
      try {
        const verifyBegan = performance.now();
        await call('/auth/v1/user/mfa/verify', { mfaToken, value });
        verifyMs.push(performance.now() - verifyBegan);
        return true;
      } catch (error) {
        console.error(String(error));
        return false;
      }
    },
  });
  stepUpMs.sort((a, b) => a - b);
  verifyMs.sort((a, b) => a - b);
  const percentile = (values: number[], p: number) =>
    values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? NaN;
  console.log(`## TOTP MFA verification, one core (${database})`);
  console.log(
    `${describeMachine()}; ${seconds} s, ${workers} loops over ${userCount} enrolled users (setup ${setupSeconds.toFixed(0)} s); ` +
      `failures: ${result.failed - exhausted}, waits for a usable code: ${exhausted}`,
  );
  console.log(`| measure | value |`);
  console.log(`|---|---|`);
  console.log(`| TOTP verifications (each after its step-up mfaToken) | ${formatRate(result.perSecond)}/s |`);
  console.log(
    `| verification latency p50 / p99 | ${percentile(verifyMs, 0.5).toFixed(1)} ms / ${percentile(verifyMs, 0.99).toFixed(1)} ms |`,
  );
  console.log(
    `| pair (step-up + verification) p50 / p99 | ${result.p50.toFixed(1)} ms / ${result.p99.toFixed(1)} ms |`,
  );
  console.log(
    `| of which step-up generate p50 / p99 | ${percentile(stepUpMs, 0.5).toFixed(1)} ms / ${percentile(stepUpMs, 0.99).toFixed(1)} ms |`,
  );
} finally {
  await server.stop();
}
