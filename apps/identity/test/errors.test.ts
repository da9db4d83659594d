import { describe, expect, it } from 'vitest';
import { API, expectErrorShape, startTestServer, useTestServer } from './harness.js';
import { afterAll } from 'vitest';
import type { TestServer } from './harness.js';

const server = useTestServer();

describe('bad input always answers a clear 4xx in the error shape', () => {
  it('an oversized body is a 413 with the SDK message', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(expectErrorShape(response, 413)).toEqual({
      errors: ['Error request is too large'],
      errorCode: 'ER-REQUEST-TOO-LARGE',
    });
  });

  it.each(['{"email":', '[1,2', 'nope', '{"a":1}}'])('malformed JSON %s is a 400', async (payload) => {
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-REQUEST-MALFORMED-JSON');
  });

  it('a JSON array or null where an object is expected is a 400', async () => {
    for (const payload of ['[]', 'null', '"text"']) {
      const response = await server().app.inject({
        method: 'POST',
        url: `${API}/auth/v1/user`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-REQUEST-VALIDATION');
    }
  });

  it('an empty body where one is required is a 400, not a crash', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      headers: { 'content-type': 'application/json' },
    });
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-REQUEST-VALIDATION');
  });

  it('an unsupported content type is a 415', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expectErrorShape(response, 415);
  });

  it('an unknown route is a 404 naming it', async () => {
    const body = expectErrorShape(
      await server().app.inject({ method: 'GET', url: '/frontegg/identity/resources/nothing/here' }),
      404,
    );
    expect(body.errors[0]).toBe('Route GET:/frontegg/identity/resources/nothing/here not found');
    expectErrorShape(await server().app.inject({ method: 'DELETE', url: `${API}/auth/v1/user` }), 404);
  });

  it('a malformed query is a 400', async () => {
    expectErrorShape(
      await server().app.inject({ method: 'GET', url: `${API}/users/v1/activate/strategy?userId=1` }),
      400,
    );
    expectErrorShape(await server().app.inject({ method: 'GET', url: '/dev/api/mailbox?limit=abc' }), 400);
  });

  it('every response carries a frontegg-trace-id, success included', async () => {
    const ok = await server().app.inject({ method: 'GET', url: '/frontegg/flags' });
    expect(ok.headers['frontegg-trace-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await server().app.inject({ method: 'GET', url: '/frontegg/flags' });
    expect(other.headers['frontegg-trace-id']).not.toBe(ok.headers['frontegg-trace-id']);
  });
});

describe('rate limits on credential endpoints', () => {
  let limited: TestServer | undefined;
  afterAll(async () => limited?.app.close());

  it('answers 429 in the error shape past RATE_LIMIT_MAX per minute', async () => {
    limited = await startTestServer(server().db, { env: { RATE_LIMIT_MAX: '3' } });
    const attempt = () =>
      limited?.app.inject({
        method: 'POST',
        url: `${API}/users/v1/passwords/reset`,
        payload: { email: 'nobody@brizo.test' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt())?.statusCode).toBe(200);
    const blocked = await attempt();
    if (!blocked) throw new Error('no response');
    expect(expectErrorShape(blocked, 429).errorCode).toBe('ER-REQUEST-RATE-LIMITED');
    // Non-credential endpoints are not limited.
    expect((await limited.app.inject({ method: 'GET', url: '/frontegg/flags' })).statusCode).toBe(200);
  });
});
