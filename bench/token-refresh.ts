// Token refreshes per second on one core (server pinned with taskset). Each loop holds its own session
// and follows the rotation: every response's new refresh cookie goes with the next request.
// Usage: npx tsx bench/token-refresh.ts            (PGlite)
//        DATABASE_URL=postgres://... npx tsx bench/token-refresh.ts
import {
  API,
  describeMachine,
  formatRate,
  loginForRefreshCookie,
  refreshCookieFrom,
  runClosedLoop,
  benchPort,
  startServer,
} from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const workers = 8;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const server = await startServer({
  port: benchPort(3302),
  env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
});
try {
  const result = await runClosedLoop({
    workers,
    seconds,
    init: async () => ({ cookie: await loginForRefreshCookie(server.url, 'regular@brizo.test') }),
    step: async (session) => {
      const response = await fetch(`${server.url}${API}/auth/v1/user/token/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie },
        body: '{}',
      });
      await response.arrayBuffer();
      if (!response.ok) return false;
      session.cookie = refreshCookieFrom(response.headers.getSetCookie());
      return true;
    },
  });
  console.log(`## Token refresh, one core (${database})`);
  console.log(
    `${describeMachine()}; ${seconds} s, ${workers} concurrent sessions, each refreshing back to back; failures: ${result.failed}`,
  );
  console.log(`| measure | value |`);
  console.log(`|---|---|`);
  console.log(`| refreshes | ${formatRate(result.perSecond)}/s (target ≥ 1,000/s) |`);
  console.log(`| latency p50 / p99 | ${result.p50.toFixed(1)} ms / ${result.p99.toFixed(1)} ms |`);
} finally {
  await server.stop();
}
