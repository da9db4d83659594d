// Lighthouse (mobile preset, its default) against the production build served by the real server: the
// performance, accessibility and best-practices scores of /account/login and /account/sign-up, and what
// each page transfers by type of file. Runs are repeated (LIGHTHOUSE_RUNS, default 3); the medians are printed.
// Usage: npm run build && npx tsx bench/lighthouse.ts   (WEB_DIST=<dir> serves another build)
// Each run prints its scores, the metrics behind performance and the load average it started at;
// LIGHTHOUSE_SAVE=<dir> keeps every full report there.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { startServer } from './lib.ts';

const PAGES = ['/account/login', '/account/sign-up'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// Ports of their own (LIGHTHOUSE_PORT, LIGHTHOUSE_DEBUGGING_PORT) let two runs share a machine.
const DEBUGGING_PORT = Number(process.env.LIGHTHOUSE_DEBUGGING_PORT ?? 9333);

/** Debian's Chromium, headless, with its DevTools port open for Lighthouse. */
async function launchChromium(): Promise<() => Promise<void>> {
  const profile = mkdtempSync(join(tmpdir(), 'brizo-lighthouse-'));
  const chromium = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUGGING_PORT}/json/version`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return async () => {
    const exited = new Promise((resolve) => chromium.once('exit', resolve));
    chromium.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
}

interface Run {
  scores: Record<string, number>;
  /** The performance metrics behind the score, in ms (CLS unitless), and the load average at the run's start. */
  metrics: Record<string, number>;
  load: string;
  /** Transferred bytes by resource type (Lighthouse's resource summary). */
  bytes: Record<string, number>;
  failing: string[];
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
  CLS: 'cumulative-layout-shift',
} as const;

async function audit(url: string): Promise<Run> {
  const load = (await loadAverage())[0] ?? '';
  const result = await lighthouse(url, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // Under heavy load a run can fail (no first paint in time): it has no scores, so it is retried.
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  );
  const summary = lhr.audits['resource-summary']?.details;
  // Rows of the resource summary: { resourceType, requestCount, transferSize }.
  const items: Array<Record<string, unknown>> = summary && 'items' in summary ? summary.items : [];
  const bytes = Object.fromEntries(
    items.map((item) => [String(item.resourceType), Number(item.transferSize ?? 0)]),
  );
  // The audits that cost points, so a score below target says why.
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map(
        (ref) => `${category}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`,
      ),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Number.NaN]),
  );
  // LIGHTHOUSE_SAVE=<dir> keeps each run's full report (the network log, main-thread tasks, LCP element).
  if (process.env.LIGHTHOUSE_SAVE) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    writeFileSync(join(process.env.LIGHTHOUSE_SAVE, name), JSON.stringify(lhr));
  }
  return { scores, metrics, load, bytes, failing };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const server = await startServer({
  port: Number(process.env.LIGHTHOUSE_PORT ?? 3351),
  env: { NODE_ENV: 'production' },
});
const stopChromium = await launchChromium();
try {
  console.log(
    `## Lighthouse ${RUNS} runs, mobile preset, medians (load average ${(await loadAverage()).join(' ')})`,
  );
  console.log(
    '| page | performance | accessibility | best practices | total KB | script KB | stylesheet KB | document KB |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const path of PAGES) {
    const runs: Run[] = [];
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt++) {
      try {
        runs.push(await audit(`${server.url}${path}`));
      } catch (error) {
        console.error(`${path}: run failed, retrying (${String(error)})`);
      }
    }
    const score = (category: string) => median(runs.map((run) => run.scores[category] ?? 0));
    const kb = (type: string) => (median(runs.map((run) => run.bytes[type] ?? 0)) / 1024).toFixed(1);
    console.log(
      `| ${path} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${kb('total')} | ${kb('script')} | ${kb('stylesheet')} | ${kb('document')} |`,
    );
    for (const [i, run] of runs.entries())
      console.error(
        `${path} run ${i + 1} (load ${run.load}): ${JSON.stringify(run.scores)} ${formatMetrics(run.metrics)} ${run.failing.join('; ')}`,
      );
  }
} finally {
  await stopChromium();
  await server.stop();
}

function formatMetrics(metrics: Record<string, number>): string {
  return Object.entries(metrics)
    .map(([name, value]) => `${name} ${name === 'CLS' ? value.toFixed(3) : Math.round(value)}`)
    .join(' ');
}

async function loadAverage(): Promise<string[]> {
  const { loadavg } = await import('node:os');
  return loadavg().map((value) => value.toFixed(2));
}
