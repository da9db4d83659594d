// Client refreshes through POST /oauth/token (grant_type=refresh_token) per second on one core (server
// pinned with taskset). Each loop holds its own hosted-login session (code flow once) and follows the
// rotation: every response's refresh_token goes with the next request.
// Usage: npx tsx bench/oauth-refresh.ts       (PGlite)
//        DATABASE_URL=postgres://... npx tsx bench/oauth-refresh.ts
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
  port: benchPort(3342),
  env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
});
try {
  const result = await runClosedLoop({
    workers,
    seconds,
    init: async () => {
      const cookie = await loginForRefreshCookie(server.url, 'regular@brizo.test');
      const pkce = pkcePair();
      const authorized = await authorizeForCode(server.url, cookie, pkce.challenge);
      if (!authorized) throw new Error('authorize gave no code');
      const tokens = await tokenRequest(server.url, {
        grant_type: 'authorization_code',
        code: authorized.code,
        redirect_uri: authorized.redirectUri,
        code_verifier: pkce.verifier,
      });
      if (!tokens) throw new Error('code exchange failed');
      return { refreshToken: tokens.refresh_token };
    },
    step: async (session) => {
      const tokens = await tokenRequest(server.url, {
        grant_type: 'refresh_token',
        refresh_token: session.refreshToken,
      });
      if (!tokens) return false;
      session.refreshToken = tokens.refresh_token;
      return true;
    },
  });
  console.log(`## Client refresh through /oauth/token, one core (${database})`);
  console.log(
    `${describeMachine()}; ${seconds} s, ${workers} concurrent sessions, each refreshing back to back; failures: ${result.failed}`,
  );
  console.log(`| measure | value |`);
  console.log(`|---|---|`);
  console.log(`| refreshes | ${formatRate(result.perSecond)}/s |`);
  console.log(`| latency p50 / p99 | ${result.p50.toFixed(1)} ms / ${result.p99.toFixed(1)} ms |`);
} finally {
  await server.stop();
}
