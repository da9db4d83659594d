// The production start without SECRETS_KEY: the signing keys are kept in clear and the server says so
// through its logger. Found by the Lighthouse benchmark (issue 17): the warning was called off pino's
// logger, which reads itself from `this`, and the server failed to start.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { systemClock } from '../../src/lib/time.js';
import { createSigningKeyStore } from '../../src/services/signing-keys/index.js';
import { openTestDatabase, testConfig } from '../harness.js';

describe('signing keys in production without SECRETS_KEY', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('are prepared, with a warning through the logger', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = { ...testConfig(), production: true, secretsKey: undefined };
    const store = createSigningKeyStore({
      db: database.db,
      config,
      clock: systemClock,
      log: pino({ level: 'warn' }, sink),
    });

    const keys = await store.prepare();

    expect(keys.length).toBeGreaterThan(0);
    expect(lines.map((line) => JSON.parse(line) as { msg: string; setting: string })).toEqual([
      expect.objectContaining({
        msg: 'SECRETS_KEY is not set: signing keys are stored in clear',
        setting: 'SECRETS_KEY',
      }),
    ]);
  });
});
