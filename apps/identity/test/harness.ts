import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Database, Db } from '../src/db/client.js';
import { listOutboxMessages } from '../src/db/queries/mail-outbox.js';
import type { Clock } from '../src/lib/time.js';
import { createOutboxMailer, type Mailer } from '../src/services/mail.js';
import { createPasswordHasher, type PasswordHasher } from '../src/auth/methods/password/passwords.js';
import { createOutboxSms, type SmsSender } from '../src/services/sms.js';
import { databaseUrl, openPgliteFromDump, openPostgresClone } from './test-database.js';

/** A clock the tests move: trial expiry, token expiry, reuse grace. */
export class TestClock implements Clock {
  #now: number;
  constructor(start: Date = new Date()) {
    this.#now = start.getTime();
  }
  now(): Date {
    return new Date(this.#now);
  }
  set(date: Date): void {
    this.#now = date.getTime();
  }
  advanceSeconds(seconds: number): void {
    this.#now += seconds * 1000;
  }
}

export const testConfig = (env: NodeJS.ProcessEnv = {}): Config =>
  loadConfig({
    PUBLIC_URL: 'http://identity.test',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    ...env,
  });

export async function openTestDatabase(): Promise<Database> {
  return databaseUrl
    ? openPostgresClone(databaseUrl, inject('pgTemplate'))
    : openPgliteFromDump(inject('pgliteDump'));
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  config: Config;
  passwords: PasswordHasher;
}

const sharedPasswords = createPasswordHasher();

/**
 * Anonymous requests answer before their mail, SMS and audit work (issue 10, services/background.ts).
 * Tests read the outbox and the database right after a request, as a person reads mail after it
 * arrives: each `app.inject` resolves once that work is done.
 */
function settleAfterEachRequest(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const settled = async (options: InjectOptions | string) => {
    const response = await inject(options);
    await app.background.idle();
    return response;
  };
  Object.assign(app, { inject: settled });
}

export async function startTestServer(
  db: Db,
  overrides: {
    env?: NodeJS.ProcessEnv;
    clock?: TestClock;
    mailer?: Mailer;
    sms?: SmsSender;
    /** false: `app.inject` answers before the request's background work is done (issue 10 tests). */
    settle?: boolean;
  } = {},
): Promise<TestServer> {
  const config = testConfig(overrides.env);
  const clock = overrides.clock ?? new TestClock();
  const app = await buildApp({
    config,
    db,
    clock,
    mailer: overrides.mailer ?? createOutboxMailer({ db, from: config.mailFrom, clock }),
    sms: overrides.sms ?? createOutboxSms({ db, clock }),
    passwords: sharedPasswords,
    logger: false,
  });
  await app.ready();
  if (overrides.settle !== false) settleAfterEachRequest(app);
  return { app, db, clock, config, passwords: sharedPasswords };
}

/**
 * One database per test file (restored from the migrated, seeded template) and one server on it.
 * Tests inside a file share them: use the factories, which make unique emails and tenants.
 */
export function useTestServer(overrides: { env?: NodeJS.ProcessEnv; settle?: boolean } = {}) {
  let database: Database | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startTestServer(database.db, overrides);
  });
  afterAll(async () => {
    await server?.app.close();
    await database?.close();
  });
  const get = (): TestServer => {
    if (!server) throw new Error('test server not started');
    return server;
  };
  return get;
}

export const uniqueEmail = (prefix = 'user', domain = 'acme-foods.test') =>
  `${prefix}-${randomUUID().slice(0, 8)}@${domain}`;

export const API = '/frontegg/identity/resources';

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** The value of a Set-Cookie of the response, or undefined. */
export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  const cookie = response.cookies.find((entry) => entry.name === name);
  return cookie?.value;
}

export async function mailTo(db: Db, email: string) {
  return listOutboxMessages(db, { to: email, limit: 50 });
}

/** The first link of the newest mail to `email` whose path is `path`, as userId and token. */
export async function linkFromMail(
  db: Db,
  email: string,
  path: string,
): Promise<{ userId: string; token: string; url: string }> {
  const [message] = await mailTo(db, email);
  if (!message) throw new Error(`no mail to ${email}`);
  const url = message.text.match(/https?:\/\/\S+/g)?.find((link) => new URL(link).pathname === path);
  if (!url) throw new Error(`no ${path} link in mail to ${email}: ${message.text}`);
  const parsed = new URL(url);
  return {
    userId: parsed.searchParams.get('userId') ?? '',
    token: parsed.searchParams.get('token') ?? '',
    url,
  };
}

export function expectErrorShape(
  response: LightMyRequestResponse,
  status: number,
): { errors: string[]; errorCode: string } {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  const body = response.json<{ errors: string[]; errorCode: string }>();
  if (
    !Array.isArray(body.errors) ||
    typeof body.errors[0] !== 'string' ||
    typeof body.errorCode !== 'string'
  ) {
    throw new Error(`not the error shape: ${response.body}`);
  }
  if (!response.headers['frontegg-trace-id']) throw new Error('missing frontegg-trace-id header');
  return body;
}
