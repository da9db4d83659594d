// Issue 10: do the anonymous endpoints that take an identifier answer as fast for an existing account
// as for an unknown one? Each endpoint is called TRIES times for each branch, interleaved, one call at
// a time; between calls the dev mailbox is read (it waits for the background work), so every call
// finds the server idle. Prints the median answer time of each branch and their ratio.
// Usage: npx tsx bench/anonymous-timing.ts            (PGlite)
//        DATABASE_URL=postgres://... npx tsx bench/anonymous-timing.ts
import { benchPort, API, DEMO_PASSWORD, describeMachine, startServer } from './lib.ts';

const tries = Number(process.env.BENCH_TRIES ?? 25);
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const server = await startServer({
  port: benchPort(3304),
  env: {
    DEV_TOOLS: 'true',
    // Every existing-account call does its whole work: no pause or cap per recipient.
    RECIPIENT_PAUSE_SECONDS: '0',
    OTC_RESEND_SECONDS: '0',
    RECIPIENT_HOURLY_CAP: '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  },
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${API}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text;
}

/** Reads the mailbox: the dev routes wait until the background work of earlier calls is done. */
const settle = async () => {
  await fetch(`${server.url}/dev/api/mailbox?limit=1`);
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function timed(request: () => Promise<unknown>): Promise<number> {
  await settle();
  const started = performance.now();
  await request();
  return performance.now() - started;
}

interface Row {
  endpoint: string;
  existing: number;
  unknown: number;
}

async function measure(endpoint: string, request: (identifier: string) => Promise<unknown>, known: string) {
  const existing: number[] = [];
  const unknown: number[] = [];
  await request(known); // warm-up of both paths
  await request(`warm-${Date.now()}@nowhere.test`);
  for (let attempt = 0; attempt < tries; attempt += 1) {
    existing.push(await timed(() => request(known)));
    unknown.push(await timed(() => request(`nobody-${attempt}-${Date.now()}@nowhere.test`)));
  }
  const row = { endpoint, existing: median(existing), unknown: median(unknown) };
  process.stdout.write(
    `${endpoint.padEnd(34)} existing ${row.existing.toFixed(2)} ms, unknown ${row.unknown.toFixed(2)} ms, ratio ${(row.existing / row.unknown).toFixed(2)}\n`,
  );
  return row;
}

const rows: Row[] = [];
try {
  const vendor = JSON.parse(
    await call('POST', '/auth/v1/user', { email: 'super@brizo.test', password: DEMO_PASSWORD }),
  ) as { accessToken: string };
  const asVendor = { authorization: `Bearer ${vendor.accessToken}` };
  // An existing, not yet activated account: resend-activation mails it, as it would a real one.
  const pending = `bench-pending-${Date.now()}@acme-foods.test`;
  const signUp = (email: string) =>
    call('POST', '/users/v1/signUp', { email, name: 'Bench', companyName: 'Bench', metadata: '{}' });
  await signUp(pending);
  await settle();
  const known = 'regular@brizo.test';

  rows.push(
    await measure(
      'POST /users/v1/passwords/reset',
      (email) => call('POST', '/users/v1/passwords/reset', { email }),
      known,
    ),
  );
  rows.push(
    await measure(
      'POST /users/v1/activate/reset',
      (email) => call('POST', '/users/v1/activate/reset', { email }),
      pending,
    ),
  );
  rows.push(await measure('POST /users/v1/signUp', signUp, known));
  rows.push(
    await measure(
      'POST /users/v1/phone/reset',
      (email) => call('POST', '/users/v1/phone/reset', { email }),
      known,
    ),
  );
  for (const [strategy, type] of [
    ['Code', 'code'],
    ['MagicLink', 'magiclink'],
  ] as const) {
    await call('PUT', '/configurations/v1/auth/strategies', { mainAuthStrategies: [{ strategy }] }, asVendor);
    rows.push(
      await measure(
        `POST /auth/v1/passwordless/${type}/prelogin`,
        (email) => call('POST', `/auth/v1/passwordless/${type}/prelogin`, { email }),
        known,
      ),
    );
  }
  await call(
    'PUT',
    '/configurations/v1/auth/strategies',
    { mainAuthStrategies: [{ strategy: 'EmailAndPassword' }] },
    asVendor,
  );

  process.stdout.write(
    `\n${describeMachine()}, ${database}, ${tries} tries per branch, median answer time\n\n`,
  );
  process.stdout.write(
    '| endpoint | existing account | unknown email | ratio |\n| --- | --- | --- | --- |\n',
  );
  for (const row of rows) {
    process.stdout.write(
      `| ${row.endpoint} | ${row.existing.toFixed(2)} ms | ${row.unknown.toFixed(2)} ms | ${(row.existing / row.unknown).toFixed(2)} |\n`,
    );
  }
} finally {
  await server.stop();
}
