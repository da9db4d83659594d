// `npm start`: builds the web app and the server when a build is missing or stale, then runs the
// identity server, which serves the API, the web app and the dev mailbox on one origin with the
// embedded database.
import { buildServerIfStale, buildWebIfStale, serverEntry, spawnInherit } from './lib.mjs';

buildWebIfStale();
buildServerIfStale();

const server = spawnInherit(process.execPath, [serverEntry], {
  env: { DEV_TOOLS: 'true', ...process.env },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
