// Time from launching `npm start` to the server answering /health: first on a fresh data directory
// (the embedded database initialises and migrates), then again on the same directory.
// Usage: npx tsx bench/start-time.ts   (run after one `npm start` or `npm run build`, so no build is included)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchPort, repoRoot, waitForHealth } from './lib.ts';

const port = benchPort(3316);
const dataDir = mkdtempSync(join(tmpdir(), 'brizo-start-'));

async function timeStart(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  await waitForHealth(`http://localhost:${port}`, undefined, 180_000);
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  await groupGone(child.pid!);
  return elapsed;
}

/**
 * npm can exit before the server it started has closed: the next start's health check would then
 * reach the old server (over fetch's kept-alive connection) and time nothing.
 */
async function groupGone(pgid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

try {
  const fresh = await timeStart();
  const warm = await timeStart();
  console.log('## `npm start`: launch to ready');
  console.log('| data directory | seconds |');
  console.log('|---|---|');
  console.log(`| fresh (first initialisation, migrations, seed) | ${(fresh / 1000).toFixed(1)} |`);
  console.log(`| existing | ${(warm / 1000).toFixed(1)} |`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
