// Issue 16: behind a load balancer the client's address is the one TRUST_PROXY lets the server
// believe, and it is the same for the rate limits, the audit records and the sessions; a header sent
// by anyone the setting does not trust changes nothing.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import { auditLogs } from '../../../src/db/schema/index.js';
import { parseProxyTrust } from '../../../src/lib/client-address.js';
import { loadConfig } from '../../../src/config.js';
import { signedIn } from '../../admin-support.js';
import { createUser, TEST_PASSWORD } from '../../factories.js';
import { API, openTestDatabase, startTestServer, type TestServer } from '../../harness.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A server on the shared database with these settings, closed after the block's tests. */
function serverWith(env: NodeJS.ProcessEnv) {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(database.db, { env });
    const { user } = await createUser(server.db, server.passwords);
    bearers.set(server, await signedIn(server, user.email));
  });
  afterAll(async () => {
    await server?.app.close();
  });
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}

const bearers = new Map<TestServer, string>();

/** The address the server sees for a request from `peer` with these headers. */
async function seenAddress(
  server: TestServer,
  peer: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/frontegg/metadata/ipme',
    remoteAddress: peer,
    headers: { ...headers, authorization: bearers.get(server) ?? '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ ip: string }>().ip;
}

describe('TRUST_PROXY', () => {
  it('reads off, a number of proxies, addresses, ranges and named ranges; refuses anything else', () => {
    expect(parseProxyTrust(undefined)).toEqual({ kind: 'off' });
    expect(parseProxyTrust('off')).toEqual({ kind: 'off' });
    expect(parseProxyTrust('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseProxyTrust('10.0.0.0/8, 192.0.2.1')).toEqual({
      kind: 'addresses',
      entries: ['10.0.0.0/8', '192.0.2.1'],
    });
    expect(parseProxyTrust('loopback')).toMatchObject({
      kind: 'addresses',
      entries: ['127.0.0.1/8', '::1/128'],
    });
    for (const bad of ['10.0.0.0/33', 'proxy.example', '17', '1.2.3']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('without TRUST_PROXY', () => {
  const server = serverWith({});
  it('believes no forwarding header: the client is the peer', async () => {
    expect(await seenAddress(server(), '198.51.100.7', { 'x-forwarded-for': '203.0.113.5' })).toBe(
      '198.51.100.7',
    );
    expect(await seenAddress(server(), '198.51.100.7', { forwarded: 'for=203.0.113.5' })).toBe(
      '198.51.100.7',
    );
  });
});

describe('TRUST_PROXY as a number of proxies', () => {
  const server = serverWith({ TRUST_PROXY: '1' });
  it('takes the address the one proxy saw, whatever the client wrote before it', async () => {
    expect(await seenAddress(server(), '10.0.0.2', { 'x-forwarded-for': '203.0.113.5' })).toBe('203.0.113.5');
    // A client that sends its own X-Forwarded-For gets the proxy's entry appended: its own is ignored.
    expect(await seenAddress(server(), '10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 203.0.113.5' })).toBe(
      '203.0.113.5',
    );
  });
});

describe('TRUST_PROXY as the proxies’ addresses', () => {
  const server = serverWith({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_MAX: '2' });

  it('believes the trusted proxies only, and stops at the first address that is not one', async () => {
    expect(await seenAddress(server(), '10.0.0.2', { 'x-forwarded-for': '203.0.113.5' })).toBe('203.0.113.5');
    expect(
      await seenAddress(server(), '10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 203.0.113.5, 10.0.0.9' }),
    ).toBe('203.0.113.5');
    // Straight from the internet: the header is a claim anyone can make.
    expect(await seenAddress(server(), '198.51.100.7', { 'x-forwarded-for': '203.0.113.5' })).toBe(
      '198.51.100.7',
    );
  });

  it('reads the standard Forwarded header (RFC 7239), IPv6 and ports included', async () => {
    expect(
      await seenAddress(server(), '10.0.0.2', { forwarded: 'for=192.0.2.60;proto=https;by=10.0.0.2' }),
    ).toBe('192.0.2.60');
    expect(
      await seenAddress(server(), '10.0.0.2', {
        forwarded: 'for=192.0.2.60, for="[2001:db8:cafe::17]:4711"',
      }),
    ).toBe('2001:db8:cafe::17');
    expect(await seenAddress(server(), '10.0.0.2', { forwarded: 'for="192.0.2.43:47011"' })).toBe(
      '192.0.2.43',
    );
    // An element without an address: nothing before it can be attributed, the proxy's view stands.
    expect(await seenAddress(server(), '10.0.0.2', { forwarded: 'for=unknown' })).toBe('10.0.0.2');
    expect(await seenAddress(server(), '198.51.100.7', { forwarded: 'for=192.0.2.60' })).toBe('198.51.100.7');
  });

  it('records that address in the audit log and in the session, and limits each client separately', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const login = (client: string, password: string) =>
      server().app.inject({
        method: 'POST',
        url: `${API}/auth/v1/user`,
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': client },
        payload: { email: user.email, password },
      });

    expect((await login('203.0.113.21', 'not the password')).statusCode).toBe(401);
    const [failure] = await server()
      .db.select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.action, 'User failed to log in')))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(failure?.ip).toBe('203.0.113.21');

    const signedIn = await login('203.0.113.21', TEST_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const sessions = await server().app.inject({
      method: 'GET',
      url: `${API}/users/sessions/v1/me`,
      remoteAddress: '10.0.0.2',
      headers: {
        'x-forwarded-for': '203.0.113.21',
        authorization: `Bearer ${signedIn.json<{ accessToken: string }>().accessToken}`,
      },
    });
    expect(sessions.statusCode, sessions.body).toBe(200);
    expect(sessions.json<Array<{ ipAddress: string }>>().map((session) => session.ipAddress)).toContain(
      '203.0.113.21',
    );

    // RATE_LIMIT_MAX=2 a minute per client: this client is done, another one behind the same proxy is not.
    expect((await login('203.0.113.21', 'again wrong')).statusCode).toBe(429);
    expect((await login('203.0.113.22', 'not the password')).statusCode).toBe(401);
  });
});
