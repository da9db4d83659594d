// Issue 10: what the revocation check adds to an authenticated call. Every call verifies its bearer with
// tokens.verifyAccessToken, which answers a token it verified before from memory and now also asks the
// revocation list (services/revocations.ts). Measured in process on one core (no HTTP, no database), with
// the list empty and holding 10,000 revocations, because the HTTP benchmarks cannot resolve a difference of
// this size on a shared machine.
// Usage: taskset -c 1 npx tsx bench/revocation-check.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/identity/src/config.ts';
import { openDatabase } from '../apps/identity/src/db/client.ts';
import { systemClock } from '../apps/identity/src/lib/time.ts';
import { createMemoryRevocationList, revocationKeys } from '../apps/identity/src/services/revocations.ts';
import { createTokenService } from '../apps/identity/src/services/tokens.ts';

const CALLS = 1_000_000;
const dataDir = mkdtempSync(join(tmpdir(), 'brizo-bench-revocations-'));
const database = await openDatabase({ databaseUrl: undefined, dataDir });
try {
  await database.migrate();
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const revocations = createMemoryRevocationList({
    clock: systemClock,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  });
  const tokens = await createTokenService({ db: database.db, config, clock: systemClock, revocations });
  const user = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'bench@brizo.test',
    name: 'Bench',
    tenantId: '00000000-0000-4000-8000-000000000002',
    tenantIds: ['00000000-0000-4000-8000-000000000002'],
    roleKeys: ['bfm-base'],
    permissionKeys: ['bfm.base'],
    metadata: '{}',
    superUser: false,
    verified: true,
  };
  const { accessToken } = await tokens.signAccessToken(user, '00000000-0000-4000-8000-000000000003');

  const measure = async () => {
    for (let i = 0; i < 100_000; i++) await tokens.verifyAccessToken(accessToken); // warm up
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) await tokens.verifyAccessToken(accessToken);
    return Number(process.hrtime.bigint() - start) / CALLS;
  };

  const rows: [string, number][] = [];
  rows.push(['empty list', await measure()]);
  const now = Date.now();
  for (let i = 0; i < 10_000; i++) revocations.revoke(revocationKeys.session(`other-session-${i}`), now);
  rows.push(['10,000 revocations held (none of this token)', await measure()]);

  console.log('## Revocation check on a cached access token, one core, in process');
  console.log(`Node ${process.version}; ${CALLS.toLocaleString('en')} calls of tokens.verifyAccessToken`);
  console.log('| revocation list | per call |');
  console.log('|---|---|');
  for (const [label, ns] of rows) console.log(`| ${label} | ${ns.toFixed(0)} ns |`);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
