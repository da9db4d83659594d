// OAuth authorization-code exchanges per second on one core (server pinned with taskset). Each loop is
// a signed-in browser: GET /oauth/authorize with its session cookie for a fresh code, then POST
// /oauth/token with the PKCE verifier. The exchange's own latency is reported beside the whole round.
// Usage: npx tsx bench/oauth-code-exchange.ts       (PGlite)
//        DATABASE_URL=postgres://... npx tsx bench/oauth-code-exchange.ts
import {
  benchPort,
  describeMachine,
  formatRate,
  loginForRefreshCookie,
  runClosedLoop,
  startServer,
} from './lib.ts';
import { authorizeForCode, pkcePair, tokenRequest } from './oauth-lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const workers = 8;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const server = await startServer({
  port: benchPort(3341),
  env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
});
try {
  const exchangeLatencies: number[] = [];
  const result = await runClosedLoop({
    workers,
    seconds,
    init: async () => ({ cookie: await loginForRefreshCookie(server.url, 'regular@brizo.test') }),
    step: async (session) => {
      const pkce = pkcePair();
      const authorized = await authorizeForCode(server.url, session.cookie, pkce.challenge);
      if (!authorized) return false;
      const begin = performance.now();
      const tokens = await tokenRequest(server.url, {
        grant_type: 'authorization_code',
        code: authorized.code,
        redirect_uri: authorized.redirectUri,
        code_verifier: pkce.verifier,
      });
      if (!tokens) return false;
      exchangeLatencies.push(performance.now() - begin);
      return true;
    },
  });
  exchangeLatencies.sort((a, b) => a - b);
  const at = (p: number) => exchangeLatencies[Math.floor(p * (exchangeLatencies.length - 1))] ?? NaN;
  console.log(`## OAuth code exchange, one core (${database})`);
  console.log(
    `${describeMachine()}; ${seconds} s, ${workers} concurrent signed-in browsers, each authorize + exchange back to back; failures: ${result.failed}`,
  );
  console.log(`| measure | value |`);
  console.log(`|---|---|`);
  console.log(`| code flows (authorize + exchange) | ${formatRate(result.perSecond)}/s |`);
  console.log(`| exchange latency p50 / p99 | ${at(0.5).toFixed(1)} ms / ${at(0.99).toFixed(1)} ms |`);
  console.log(`| whole round p50 / p99 | ${result.p50.toFixed(1)} ms / ${result.p99.toFixed(1)} ms |`);
} finally {
  await server.stop();
}
