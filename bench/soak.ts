// A steady load for a long time, to see whether the server's memory stays flat (issue 17): password
// logins, token refreshes and API-token exchanges at fixed rates, well below what the server can do, for
// SOAK_MINUTES (default 30). The server's RSS is sampled every SAMPLE_SECONDS; the slope of RSS is fitted
// (least squares) over the run after its first third, when caches, pools and the JIT have settled.
// Usage: taskset -c 1 npx tsx bench/soak.ts                      (PGlite, the embedded default)
//        DATABASE_URL=postgres://... taskset -c 1 npx tsx bench/soak.ts
// Rates: SOAK_LOGINS (default 2/s), SOAK_REFRESHES (50/s), SOAK_EXCHANGES (100/s).
import {
  API,
  apiToken,
  benchPort,
  closeConnections,
  DEMO_PASSWORD,
  describeMachine,
  JSON_HEADERS,
  memoryOf,
  post,
  refreshCookieFrom,
  resetPeakOf,
  signIn,
  startServer,
} from './lib.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const sampleSeconds = Number(process.env.SAMPLE_SECONDS ?? 10);
const rates = {
  login: Number(process.env.SOAK_LOGINS ?? 2),
  refresh: Number(process.env.SOAK_REFRESHES ?? 50),
  exchange: Number(process.env.SOAK_EXCHANGES ?? 100),
};
const databaseUrl = process.env.DATABASE_URL;

const server = await startServer({
  port: benchPort(3347),
  core: 0,
  env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
});
const pid = server.process.pid;

const counts = { calls: 0, failed: 0 };
const endAt = Date.now() + minutes * 60_000;

/**
 * Calls `step` `perSecond` times a second, each when it is due, whatever the previous answered: a
 * slow answer does not lower the load (open loop), and `loops` calls may be in flight at once.
 */
async function paced(perSecond: number, loops: number, step: (loop: number) => Promise<boolean>) {
  const interval = (1000 * loops) / perSecond;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      let due = Date.now() + (interval * loop) / loops;
      while (due < endAt) {
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        due += interval;
        try {
          if (!(await step(loop))) counts.failed += 1;
        } catch {
          counts.failed += 1;
        }
        counts.calls += 1;
      }
    }),
  );
}

interface Sample {
  minute: number;
  rss: number;
  calls: number;
}
const samples: Sample[] = [];
const startedAt = Date.now();
const sampler = setInterval(() => {
  samples.push({
    minute: (Date.now() - startedAt) / 60_000,
    rss: memoryOf(pid).rss,
    calls: counts.calls,
  });
}, sampleSeconds * 1000);

/** Least-squares slope of RSS against time, MiB per minute. */
function slope(points: Sample[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.minute, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.rss, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const point of points) {
    numerator += (point.minute - meanX) * (point.rss - meanY);
    denominator += (point.minute - meanX) ** 2;
  }
  return numerator / denominator;
}

try {
  const loginBody = JSON.stringify({ email: 'regular@brizo.test', password: DEMO_PASSWORD });
  const sessions: string[] = [];
  for (let index = 0; index < 8; index += 1)
    sessions.push((await signIn(server.url, 'regular@brizo.test')).cookie);
  const admin = await signIn(server.url, 'admin@brizo.test');
  const exchanges: string[] = [];
  for (let index = 0; index < 8; index += 1) {
    const token = await apiToken(server.url, admin.accessToken);
    exchanges.push(JSON.stringify({ clientId: token.clientId, secret: token.secret }));
  }
  // The peak of the load: a fresh PGlite directory's initialisation peaks higher at start-up.
  resetPeakOf(pid);
  const before = memoryOf(pid);

  await Promise.all([
    paced(rates.login, 1, async () => {
      const answer = await post(`${server.url}${API}/auth/v1/user`, loginBody, JSON_HEADERS);
      return answer.status === 200;
    }),
    paced(rates.refresh, sessions.length, async (loop) => {
      const answer = await post(`${server.url}${API}/auth/v1/user/token/refresh`, '{}', {
        ...JSON_HEADERS,
        cookie: sessions[loop]!,
      });
      if (answer.status !== 200) return false;
      sessions[loop] = refreshCookieFrom(answer.setCookies);
      return true;
    }),
    paced(rates.exchange, exchanges.length, async (loop) => {
      const answer = await post(`${server.url}${API}/auth/v1/api-token`, exchanges[loop]!, JSON_HEADERS);
      return answer.status === 200;
    }),
  ]);
  clearInterval(sampler);

  const settled = samples.filter((sample) => sample.minute >= minutes / 3);
  const after = memoryOf(pid);
  console.log(
    `### Soak: ${minutes} min on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} (${rates.login} logins/s, ` +
      `${rates.refresh} refreshes/s, ${rates.exchange} exchanges/s)`,
  );
  console.log(describeMachine());
  console.log();
  console.log('| minute | RSS MiB | calls so far |');
  console.log('|---|---|---|');
  let nextMinute = 0;
  for (const sample of samples) {
    if (sample.minute < nextMinute) continue;
    console.log(`| ${sample.minute.toFixed(1)} | ${sample.rss.toFixed(0)} | ${sample.calls} |`);
    nextMinute = sample.minute + minutes / 10;
  }
  console.log();
  console.log(
    `RSS before the load ${before.rss.toFixed(0)} MiB, at the end ${after.rss.toFixed(0)} MiB, peak ` +
      `under the load ${after.peak.toFixed(0)} MiB. Slope after the first third: ${slope(settled).toFixed(2)} MiB/min ` +
      `(whole run ${slope(samples).toFixed(2)} MiB/min). Calls ${counts.calls}, failed ${counts.failed}.`,
  );
} finally {
  clearInterval(sampler);
  closeConnections();
  await server.stop();
}
