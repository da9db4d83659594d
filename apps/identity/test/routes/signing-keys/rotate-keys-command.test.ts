// Issue 16: the ops command `rotate-keys` rotates the signing key as the superuser's API call does:
// published at once, signing after the propagation delay, audited.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsDeps } from '../../../src/cli/command.js';
import { runOps } from '../../../src/cli/ops.js';
import { createPasswordHasher } from '../../../src/auth/methods/password/passwords.js';
import type { Database } from '../../../src/db/client.js';
import { auditLogs, signingKeys } from '../../../src/db/schema/index.js';
import { KEY_PUBLISH_AHEAD_SECONDS } from '../../../src/services/signing-keys/index.js';
import { openTestDatabase, testConfig } from '../../harness.js';

let database: Database | undefined;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('issue 16: ops rotate-keys', () => {
  it('adds a key that signs after the propagation delay, retires the previous one then, and audits it', async () => {
    if (!database) throw new Error('no database');
    const db = database.db;
    const config = testConfig();
    let printed = '';
    const deps: OpsDeps = {
      config: () => config,
      withDatabase: (work) => work(db, config),
      passwords: createPasswordHasher(),
      stdout: (text) => {
        printed += text;
      },
      readStdin: () => Promise.resolve(''),
    };
    // An install that never started: the command makes the first key, then rotates it.
    expect(await runOps(['rotate-keys'], deps)).toBe(0);
    const keys = await db.select().from(signingKeys);
    expect(keys).toHaveLength(2);
    const [first, rotated] = [...keys].sort((a, b) => a.activatesAt.getTime() - b.activatesAt.getTime());
    expect(printed).toContain(rotated?.kid);
    expect((rotated?.activatesAt.getTime() ?? 0) - (rotated?.createdAt.getTime() ?? 0)).toBe(
      KEY_PUBLISH_AHEAD_SECONDS * 1000,
    );
    expect(first?.retiredAt).toEqual(rotated?.activatesAt);
    const audited = await db.select().from(auditLogs).where(eq(auditLogs.action, 'Signing key rotated'));
    expect(audited).toHaveLength(1);
    expect(await runOps(['rotate-keys', '--now'], deps)).toBe(1);
  });
});
