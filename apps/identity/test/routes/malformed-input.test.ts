import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantAdmins } from '../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../harness.js';

// Issue 10: malformed input answered 500 (NUL bytes, lone surrogates, 10,000-level bodies) or in the
// framework's own shape (bad percent-encoding, over-long path parameters, refusals of Node's HTTP
// parser). Every one is a 4xx in `{ errors, errorCode }` now, for every route at once.

const server = useTestServer();

const postJson = (url: string, payload: string, authorization?: string) =>
  server().app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload,
  });

describe('issue 10: text PostgreSQL cannot store is refused with a 400', () => {
  it('a NUL or a lone surrogate anywhere in a JSON body, even in a key, before signing in', async () => {
    for (const payload of [
      '{"email":"a\\u0000@acme-foods.test","password":"x"}',
      '{"email":"a@acme-foods.test","password":"\\ud800"}',
      '{"email":"a@acme-foods.test","password":"x","invitationToken":{"\\u0000":1}}',
    ]) {
      const body = expectErrorShape(await postJson(`${API}/auth/v1/user`, payload), 400);
      expect(body.errorCode).toBe('ER-REQUEST-INVALID-TEXT');
    }
  });

  it('a surrogate pair (an emoji) is text like any other', async () => {
    const response = await postJson(
      `${API}/auth/v1/user`,
      '{"email":"a@acme-foods.test","password":"\\ud83d\\ude00"}',
    );
    expect(response.statusCode).toBe(401);
  });

  it('a group named with a NUL is not a 500 (it was, from the insert)', async () => {
    const { admin } = await createTenantAdmins(server());
    for (const name of ['a\u0000b', 'a\ud800b']) {
      const response = await postJson(
        `${API}/groups/v1`,
        JSON.stringify({ name, description: 'd' }),
        admin.authorization,
      );
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-REQUEST-INVALID-TEXT');
    }
  });

  it('%00 in a path parameter or a query value', async () => {
    const { admin } = await createTenantAdmins(server());
    for (const url of [
      `${API}/usernames/v1/a%00b`,
      '/frontegg/oauth/authorize?client_id=brizo-access&state=%00',
      `${API}/users/v1/activate/strategy?userId=%00`,
    ]) {
      const response = await server().app.inject({
        method: url.includes('usernames') ? 'DELETE' : 'GET',
        url,
        headers: { authorization: admin.authorization },
      });
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-REQUEST-INVALID-TEXT');
    }
  });

  it('%00 in a form body of the token endpoint', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/frontegg/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=%00',
    });
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-REQUEST-INVALID-TEXT');
  });

  it('the client-credentials exchange, which has its own parser, refuses them too', async () => {
    const response = await postJson(`${API}/auth/v1/api-token`, '{"clientId":"\\u0000","secret":"s"}');
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-REQUEST-INVALID-TEXT');
  });
});

describe('issue 10: deeply nested bodies are refused before anything else', () => {
  const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  const deepObject = `{"email":"a@acme-foods.test","metadata":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;

  it.each([
    ['sign-in', `${API}/auth/v1/user`],
    ['client-credentials exchange', `${API}/auth/v1/api-token`],
    ['user metadata', `${API}/users/v1/signUp`],
  ])('%s answers 400 ER-REQUEST-TOO-DEEP', async (_name, url) => {
    for (const payload of [deepArray, deepObject]) {
      expect(expectErrorShape(await postJson(url, payload), 400).errorCode).toBe('ER-REQUEST-TOO-DEEP');
    }
  });

  it('64 levels are still accepted by the parser; brackets inside strings do not count', async () => {
    const nested = `${'['.repeat(63)}${']'.repeat(63)}`;
    const response = await postJson(
      `${API}/auth/v1/user`,
      `{"email":"a@acme-foods.test","password":"${'['.repeat(200)}","x":${nested}}`,
    );
    expect(response.json<{ errorCode?: string }>().errorCode).not.toBe('ER-REQUEST-TOO-DEEP');
  });
});

describe("issue 10: the framework's own refusals answer in the error shape", () => {
  it.each([
    ['bad percent-encoding in the path', 'GET', `${API}/users/v1/%E0%A4%A`, 400],
    ['an over-long path parameter', 'GET', `${API}/groups/v1/${'p'.repeat(600)}`, 414],
    ['an unknown route', 'GET', `${API}/auth/v1/no-such-route`, 404],
    ['an unknown route beside the exchange', 'POST', `${API}/auth/v1/api-token/x`, 404],
    ['an unrouted method', 'PROPFIND', `${API}/users/v1/me`, 404],
    [
      'bad percent-encoding in the query',
      'GET',
      `${API}/users/v1/activate/strategy?userId=%E0%A4%A&x=%`,
      400,
    ],
  ] as const)('%s', async (_name, method, url, status) => {
    const response = await server().app.inject({ method, url });
    expectErrorShape(response, status);
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Every answer the server writes on one socket to `request` (raw bytes), until it closes. */
async function rawAnswers(port: number, request: string): Promise<RawAnswer[]> {
  const data = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
  const answers: RawAnswer[] = [];
  let rest = data.toString('latin1');
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length'] ?? 0);
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.slice(headEnd + 4, headEnd + 4 + length),
    });
    rest = rest.slice(headEnd + 4 + length);
  }
  return answers;
}

function expectRawErrorShape(answer: RawAnswer | undefined, status: number): string {
  expect(answer?.status).toBe(status);
  const body = JSON.parse(answer?.body ?? '') as { errors?: unknown; errorCode?: unknown };
  expect(body.errors).toEqual([expect.any(String)]);
  expect(answer?.headers['frontegg-trace-id']).toBeTruthy();
  return String(body.errorCode);
}

describe("issue 10: Node's HTTP parser refusals answer in the error shape (raw HTTP)", () => {
  let port = 0;
  beforeAll(async () => {
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    const address = server().app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    server().app.server.closeAllConnections();
  });

  it('headers too large: 431', async () => {
    const [answer] = await rawAnswers(
      port,
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(expectRawErrorShape(answer, 431)).toBe('ER-REQUEST-HEADERS-TOO-LARGE');
  });

  it('a bad Content-Length: 400', async () => {
    const [answer] = await rawAnswers(
      port,
      `POST ${API}/auth/v1/user HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
    );
    expectRawErrorShape(answer, 400);
  });

  it('an unknown method: 400', async () => {
    const [answer] = await rawAnswers(port, `FOO /health HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectRawErrorShape(answer, 400);
  });

  it('a body longer than its Content-Length: the stream is refused in the shape and closed', async () => {
    // The bytes past the declared body start no valid request: Node's parser refuses the stream before
    // the first answer is written, so the one answer is the refusal, and the connection closes.
    const answers = await rawAnswers(
      port,
      `POST ${API}/auth/v1/user HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}{"email":"a@b.test"}`,
    );
    expect(answers.length).toBe(1);
    expect(answers[0]?.headers.connection).toBe('close');
    expectRawErrorShape(answers[0], 400);
  });
});
