// Runs the identity server for the browser journeys: a fresh embedded database every run, dev tools on,
// rate limits raised so parallel journeys from one address are not throttled.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfStale, root, spawnInherit } from './lib.mjs';

buildWebIfStale();

const dataDir = join(root, 'e2e', '.data');
rmSync(dataDir, { recursive: true, force: true });

const server = spawnInherit(process.execPath, ['--import', 'tsx', 'apps/identity/src/server.ts'], {
  env: { DEV_TOOLS: 'true', RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn', ...process.env, DATA_DIR: dataDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
