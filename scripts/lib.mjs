// Small helpers shared by the start and test scripts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const webDir = join(root, 'apps', 'web');

/**
 * Whether `path`, or anything under it, changed after `time`. Runs before every `npm start`: one stat
 * per entry (no existence check first) and it stops at the first newer one.
 */
function changedSince(path, time) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return false;
  if (stats.mtimeMs > time) return true;
  return stats.isDirectory() && readdirSync(path).some((name) => changedSince(join(path, name), time));
}

export const defaultWebDist = join(webDir, 'dist');

/** The web build is stale when any of its inputs is newer than the built index.html. */
export function isWebBuildStale(outDir = defaultWebDist) {
  const builtIndex = join(outDir, 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  const inputs = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'].map((name) =>
    join(webDir, name),
  );
  return inputs.some((input) => changedSince(input, builtAt));
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

export function buildWebIfStale(outDir = defaultWebDist) {
  if (!isWebBuildStale(outDir)) return;
  console.log('Building the web app...');
  const extra = outDir === defaultWebDist ? [] : ['--', '--outDir', outDir, '--emptyOutDir'];
  runOrExit('npm', ['run', 'build', '--workspace', 'apps/web', ...extra]);
}

export const identityDir = join(root, 'apps', 'identity');
/** The built server (apps/identity/scripts/build.mjs): what `npm start`, the journeys and the benchmarks run. */
export const serverEntry = join(identityDir, 'dist', 'server.mjs');

/** The server build is stale when the server's or the contract package's sources are newer than it. */
export function isServerBuildStale() {
  if (!existsSync(serverEntry)) return true;
  const builtAt = statSync(serverEntry).mtimeMs;
  const inputs = [
    join(identityDir, 'src'),
    join(identityDir, 'package.json'),
    join(identityDir, 'scripts', 'build.mjs'),
    join(root, 'packages', 'contract', 'src'),
  ];
  return inputs.some((input) => changedSince(input, builtAt));
}

export function buildServerIfStale() {
  if (!isServerBuildStale()) return;
  console.log('Building the identity server...');
  runOrExit(process.execPath, [join(identityDir, 'scripts', 'build.mjs')]);
}

export function spawnInherit(command, args, options = {}) {
  return spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
}
