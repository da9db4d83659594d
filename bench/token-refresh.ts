// Token refreshes per second on one core (server pinned with taskset). Each connection holds its own
// session and follows the rotation: every response's new refresh cookie is sent with the next request.
// Usage: npx tsx bench/token-refresh.ts            (PGlite)
//        DATABASE_URL=postgres://... npx tsx bench/token-refresh.ts
import autocannon from 'autocannon';
import {
  API,
  describeMachine,
  formatRate,
  loginForRefreshCookie,
  refreshCookieFrom,
  startServer,
} from './lib.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = 8;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** Per-connection state: the session's current refresh cookie. */
interface SessionContext {
  cookie?: string;
}

const server = await startServer({
  port: 3302,
  env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
});
try {
  const cookies: string[] = [];
  for (let i = 0; i < connections; i += 1)
    cookies.push(await loginForRefreshCookie(server.url, 'regular@brizo.test'));
  let nextSession = 0;

  const result = await autocannon({
    url: server.url,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        path: `${API}/auth/v1/user/token/refresh`,
        setupRequest(request, context) {
          const session = context as SessionContext;
          session.cookie ??= cookies[nextSession++ % cookies.length];
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json', cookie: session.cookie ?? '' },
            body: JSON.stringify({}),
          };
        },
        onResponse(status, _body, context, headers) {
          if (status !== 200) return;
          const setCookie: unknown = headers?.['set-cookie'];
          const list = Array.isArray(setCookie)
            ? setCookie.map(String)
            : setCookie
              ? [String(setCookie)]
              : [];
          (context as SessionContext).cookie = refreshCookieFrom(list);
        },
      },
    ],
  });
  const ok = result['2xx'];
  console.log(`## Token refresh, one core (${database})`);
  console.log(
    `${describeMachine()}; ${durationSeconds} s, ${connections} connections (one session each); non-2xx: ${result.non2xx}, errors: ${result.errors}`,
  );
  console.log(`| measure | value |`);
  console.log(`|---|---|`);
  console.log(`| refreshes | ${formatRate(ok / durationSeconds)}/s (target ≥ 1,000/s) |`);
  console.log(`| latency p50 / p99 | ${result.latency.p50} ms / ${result.latency.p99} ms |`);
} finally {
  await server.stop();
}
