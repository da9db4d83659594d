// `npm start`: builds the web app when its build is missing or stale, then runs the identity server,
// which serves the API, the web app and the dev mailbox on one origin with the embedded database.
import { buildWebIfStale, spawnInherit } from './lib.mjs';

buildWebIfStale();

const server = spawnInherit(process.execPath, ['--import', 'tsx', 'apps/identity/src/server.ts'], {
  env: { DEV_TOOLS: 'true', ...process.env },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
