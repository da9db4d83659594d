// Runs the identity server for the browser journeys: a fresh embedded database every run, dev tools on,
// rate limits raised so parallel journeys from one address are not throttled.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildServerIfStale,
  buildWebIfStale,
  defaultWebDist,
  root,
  serverEntry,
  spawnInherit,
} from './lib.mjs';

// E2E_WEB_DIST lets parallel work build and serve its own copy of the web app.
const webDist = process.env.E2E_WEB_DIST ?? defaultWebDist;
buildWebIfStale(webDist);
// The journeys run the built server, as `npm start` and production do.
buildServerIfStale();

// One data directory per port, so several suites (or developers) can run side by side.
const dataDir = join(root, 'e2e', '.data', process.env.PORT ?? 'default');
rmSync(dataDir, { recursive: true, force: true });

// Issue 13: the identity providers the journeys sign in at (a SAML IdP, an OpenID provider, a DNS
// server for domain proofs), on ports next to the server's; the server may call them on loopback.
const port = Number(process.env.PORT ?? 3100);
const peers = spawnInherit(process.execPath, ['--import', 'tsx', 'e2e/peers/identity-providers.ts'], {
  env: { ...process.env, E2E_PORT: String(port) },
});

const server = spawnInherit(process.execPath, [serverEntry], {
  env: {
    DEV_TOOLS: 'true',
    RATE_LIMIT_MAX: '100000',
    // The journeys mail the same demo accounts dozens of times within minutes (sign-in codes and links to
    // regular@brizo.test above all): no hourly cap per recipient here; the server tests cover the cap.
    // The 30 s pause per message kind stays: the journeys that resend move the server clock past it.
    RECIPIENT_HOURLY_CAP: '0',
    LOG_LEVEL: 'warn',
    SSO_DNS_SERVERS: `127.0.0.1:${port + 53}`,
    OUTBOUND_ALLOW_HOSTS: 'localhost,127.0.0.1',
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    peers.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  peers.kill('SIGTERM');
  process.exit(code ?? 0);
});
peers.on('exit', (code) => {
  if (code) server.kill('SIGTERM');
});
