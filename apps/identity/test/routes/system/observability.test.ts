// Issue 16: what an operator watches. /metrics in Prometheus's text format (requests by route pattern,
// sign-ins by method and outcome, refreshes, the pool, Node's own figures in a server), behind a
// token when one is set; readiness apart from liveness; the proxy's request id and the caller's trace
// carried into the answer and the log lines; CORS for the allow-listed origins only.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import { createPasswordHasher } from '../../../src/auth/methods/password/passwords.js';
import { createOutboxMailer } from '../../../src/services/mail.js';
import { createOutboxSms } from '../../../src/services/sms.js';
import { createUser, TEST_PASSWORD } from '../../factories.js';
import { API, expectErrorShape, openTestDatabase, testConfig, TestClock } from '../../harness.js';

const METRICS_TOKEN = 'metrics-token-0123456789';
const MAIN_APP = 'https://app.brizo.example';

let database: Database;
let app: FastifyInstance;
let logText = '';

async function appOn(db: Database['db'], env: NodeJS.ProcessEnv, stream?: Writable) {
  const config = testConfig(env);
  const clock = new TestClock();
  const built = await buildApp({
    config,
    db,
    clock,
    mailer: createOutboxMailer({ db, from: config.mailFrom, clock }),
    sms: createOutboxSms({ db, clock }),
    passwords: createPasswordHasher(),
    logger: stream ? { level: 'info', stream } : false,
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  app = await appOn(database.db, { METRICS_TOKEN, CORS_ORIGINS: MAIN_APP }, stream);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const scrape = async () => {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
};

/** The value of one series in a scrape, 0 when absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((item) => item.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('GET /metrics', () => {
  it('asks for the token when METRICS_TOKEN is set', async () => {
    expectErrorShape(await app.inject({ method: 'GET', url: '/metrics' }), 401);
    expectErrorShape(
      await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer wrong-token-000000000' },
      }),
      401,
    );
  });

  it('counts sign-ins by method and outcome, refreshes, and requests by route pattern', async () => {
    const { user } = await createUser(database.db, createPasswordHasher());
    const before = await scrape();
    const login = (password: string) =>
      app.inject({ method: 'POST', url: `${API}/auth/v1/user`, payload: { email: user.email, password } });
    expect((await login('wrong password')).statusCode).toBe(401);
    const signedIn = await login(TEST_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = signedIn.cookies.find((item) => item.name.startsWith('fe_refresh_'));
    const refreshed = await app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      cookies: { [cookie?.name ?? '']: cookie?.value ?? '' },
      payload: {},
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    await app.inject({ method: 'GET', url: `${API}/users/v2/no-such-user-${'x'.repeat(8)}` });
    await app.background.idle();

    const after = await scrape();
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('identity_logins_total{method="password",outcome="success"}')).toBe(1);
    expect(delta('identity_logins_total{method="password",outcome="failure"}')).toBe(1);
    expect(delta('identity_token_refreshes_total{outcome="success"}')).toBe(1);
    const loginRoute = `route="${API}/auth/v1/user",method="POST",status="200"`;
    expect(delta(`http_request_duration_seconds_count{${loginRoute}}`)).toBe(1);
    // The route pattern, never the address asked for: ids and tokens would make a series each.
    expect(after).not.toContain('no-such-user');
    expect(after).toContain('identity_database_connections');
  });
});

describe('health', () => {
  it('answers liveness without asking anything, and readiness after asking the database', async () => {
    const live = await app.inject({ method: 'GET', url: '/health/live' });
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('is not ready, in the error shape, when the database does not answer; still alive', async () => {
    const broken = await openTestDatabase();
    const lonely = await appOn(broken.db, {});
    try {
      await broken.close();
      const ready = await lonely.inject({ method: 'GET', url: '/health/ready' });
      expectErrorShape(ready, 503);
      expect(ready.body).toContain('database');
      expect((await lonely.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await lonely.close();
    }
  });
});

describe('request ids and traces', () => {
  it("keeps the proxy's plain X-Request-Id, answers it, and logs it with the caller's trace id", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'lb-7f3a.42', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a.42');
    const lines = logText
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { traceId?: string } });
    const incoming = lines.find((line) => line.reqId === 'lb-7f3a.42' && line.req);
    expect(incoming?.req?.traceId).toBe(traceId);
  });

  it('replaces an id that could forge a log line, and ignores a malformed trace', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'evil\u2028id {"level":60}', traceparent: '00-zz-00f067aa0ba902b7-01' },
    });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const incoming = logText
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { traceId?: string } })
      .find((line) => line.reqId === id && line.req);
    expect(incoming?.req).toBeDefined();
    expect(incoming?.req?.traceId).toBeUndefined();
  });
});

describe('CORS', () => {
  it('answers the preflight of an allowed origin, exactly, with credentials', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: `${API}/auth/v1/user/token/refresh`,
      headers: {
        origin: MAIN_APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, frontegg-source',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(MAIN_APP);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('frontegg-source');
    expect(preflight.headers.vary).toContain('Origin');
  });

  it('lets an allowed origin call the API with the cookies, and tells the browser nothing for others', async () => {
    const allowed = await app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      headers: { origin: MAIN_APP, 'sec-fetch-site': 'same-site' },
      payload: { email: 'nobody@brizo.test', password: 'wrong' },
    });
    // Refused for its credentials, not as a cross-site request.
    expect(allowed.statusCode).toBe(401);
    expect(allowed.headers['access-control-allow-origin']).toBe(MAIN_APP);

    for (const origin of ['https://evil.example', `${MAIN_APP}.evil.example`, 'http://app.brizo.example']) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: `${API}/auth/v1/user`,
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const post = await app.inject({
        method: 'POST',
        url: `${API}/auth/v1/user`,
        headers: { origin, 'sec-fetch-site': 'cross-site' },
        payload: { email: 'nobody@brizo.test', password: 'wrong' },
      });
      expectErrorShape(post, 403);
      expect(post.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
