import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.js';
import { pgliteDatabase, pgliteExtensions, postgresDatabase, type Database } from '../src/db/client.js';
import { systemClock } from '../src/lib/time.js';
import { createPasswordHasher } from '../src/auth/methods/password/passwords.js';
import { seed } from '../src/services/seed.js';
import { databaseUrl, TEST_DB_PREFIX, urlForDatabase, withAdminClient } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

async function prepare(database: Database): Promise<void> {
  await database.migrate();
  await seed({
    db: database.db,
    config: loadConfig({}),
    clock: systemClock,
    passwords: createPasswordHasher(),
  });
}

/** Migrates and seeds one template per run; each test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = databaseUrl;
  if (url) {
    const template = `${TEST_DB_PREFIX}template_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    await withAdminClient(url, (client) => client.query(`CREATE DATABASE "${template}"`));
    const database = postgresDatabase(urlForDatabase(url, template));
    try {
      await prepare(database);
    } finally {
      await database.close();
    }
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await withAdminClient(url, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`),
      );
    };
  }

  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = pgliteDatabase(client);
  const dumpPath = path.join(os.tmpdir(), `identity-test-${process.pid}-${randomUUID()}.tar.gz`);
  try {
    await prepare(database);
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteDump', dumpPath);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(dumpPath, { force: true });
}
