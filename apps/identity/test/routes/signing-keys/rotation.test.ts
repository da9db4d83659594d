// Issue 16: signing keys that rotate. A new key is published before it signs, the old one keeps
// verifying its tokens until they expire and then leaves the JWKS; private keys are sealed at rest;
// RS256 tokens verify with a standard library against the JWKS; servers sharing a database agree.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import { signingKeys } from '../../../src/db/schema/index.js';
import { KEY_PUBLISH_AHEAD_SECONDS, rotateSigningKeys } from '../../../src/services/signing-keys/index.js';
import { createTokenService } from '../../../src/services/tokens.js';
import { CLOCK_SKEW_SECONDS } from '../../../src/services/revocations.js';
import { as, signedIn, type Member } from '../../admin-support.js';
import { createUser } from '../../factories.js';
import {
  API,
  expectErrorShape,
  openTestDatabase,
  TestClock,
  testConfig,
  useTestServer,
} from '../../harness.js';
import { auditRows } from '../../oauth-helpers.js';

const KEYS = `${API}/vendor-keys/v1`;
const ME = `${API}/users/v2/me`;
const SECRETS_KEY = randomBytes(32).toString('base64');

interface KeyView {
  kid: string;
  alg: string;
  activatesAt: string;
  retiredAt: string | null;
  expiresAt: string | null;
  sealed: boolean;
}

describe('issue 16: rotation, publication and sealing (ES256)', () => {
  const server = useTestServer({ env: { SECRETS_KEY } });
  let vendor: Member;
  let person: { email: string; authorization: string };
  beforeAll(async () => {
    const { user } = await createUser(server().db, server().passwords, { superUser: true });
    vendor = { user, authorization: await signedIn(server(), user.email) };
    const other = await createUser(server().db, server().passwords, { roleKeys: ['bfm-base', 'Admin'] });
    person = { email: other.user.email, authorization: await signedIn(server(), other.user.email) };
  });

  const jwksKids = async () => {
    const response = await server().app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    return response.json<{ keys: JWK[] }>().keys.map((key) => key.kid);
  };
  const freshToken = async () => (await signedIn(server(), person.email)).slice('Bearer '.length);
  const me = (token: string) =>
    server().app.inject({ method: 'GET', url: ME, headers: { authorization: `Bearer ${token}` } });

  it('keeps the private key sealed: the row holds no private "d" and no clear JWK', async () => {
    // The whole row as the database stores it, every column in text.
    const { rows } = (await server().db.execute(
      sql`select signing_keys::text as row from signing_keys`,
    )) as unknown as { rows: Array<{ row: string }> };
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toMatch(/"d"\s*:/);
    const stored = await server().db.select().from(signingKeys);
    expect(stored.every((key) => key.privateJwk === null && key.sealedPrivateJwk?.startsWith('v1.'))).toBe(
      true,
    );
  });

  it('answers only a superuser: 401 without a token, 403 for an account admin', async () => {
    expectErrorShape(await server().app.inject({ method: 'POST', url: `${KEYS}/rotate` }), 401);
    expectErrorShape(await as(server(), person)('POST', `${KEYS}/rotate`), 403);
    expectErrorShape(await as(server(), person)('GET', KEYS), 403);
  });

  it('publishes a new key before it signs, keeps the old one until its tokens expire, then drops it', async () => {
    const before = await as(server(), vendor)('GET', KEYS);
    expect(before.statusCode).toBe(200);
    const [oldKey] = before.json<KeyView[]>().filter((key) => key.retiredAt === null);
    if (!oldKey) throw new Error('no current key');
    expect(JSON.stringify(before.json())).not.toMatch(/"d"|privateJwk|sealedPrivateJwk/);

    const rotated = await as(server(), vendor)('POST', `${KEYS}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(201);
    const newKey = rotated.json<KeyView>();
    expect(newKey.kid).not.toBe(oldKey.kid);
    expect(newKey.sealed).toBe(true);
    expect((await auditRows(server().db, 'Signing key rotated')).length).toBe(1);

    // Published at once, not yet signing.
    expect(await jwksKids()).toEqual([oldKey.kid, newKey.kid]);
    expect(decodeProtectedHeader(await freshToken()).kid).toBe(oldKey.kid);

    // The last token of the old key, signed just before the new one activates.
    server().clock.advanceSeconds(KEY_PUBLISH_AHEAD_SECONDS - 1);
    const lastOldToken = await freshToken();
    expect(decodeProtectedHeader(lastOldToken).kid).toBe(oldKey.kid);

    server().clock.advanceSeconds(2);
    const newToken = await freshToken();
    expect(decodeProtectedHeader(newToken).kid).toBe(newKey.kid);
    expect((await me(newToken)).statusCode).toBe(200);
    expect((await me(lastOldToken)).statusCode).toBe(200);
    expect(await jwksKids()).toEqual([newKey.kid, oldKey.kid]);

    // The superuser's token of before has expired meanwhile.
    const vendorNow = { authorization: await signedIn(server(), vendor.user.email) };
    const listed = (await as(server(), vendorNow)('GET', KEYS)).json<KeyView[]>();
    const oldListed = listed.find((key) => key.kid === oldKey.kid);
    expect(oldListed?.retiredAt).toBe(newKey.activatesAt);
    const ttl = server().config.accessTokenTtlSeconds;
    expect(Date.parse(oldListed?.expiresAt ?? '')).toBe(
      Date.parse(newKey.activatesAt) + (ttl + CLOCK_SKEW_SECONDS) * 1000,
    );

    // Past the expiry of every token the old key signed: it leaves the JWKS.
    server().clock.advanceSeconds(ttl + CLOCK_SKEW_SECONDS);
    expect(await jwksKids()).toEqual([newKey.kid]);
    expectErrorShape(await me(lastOldToken), 401);
  });
  it('rotates on schedule: the job adds a key once the newest is SIGNING_KEY_ROTATION_DAYS old', async () => {
    const kidsBefore = await jwksKids();
    await server().app.jobs.run('signing-keys.rotate');
    expect(await jwksKids()).toEqual(kidsBefore);
    server().clock.advanceSeconds(server().config.signingKeyRotationDays * 86_400);
    await server().app.jobs.run('signing-keys.rotate');
    const kidsAfter = await jwksKids();
    expect(kidsAfter).toHaveLength(kidsBefore.length + 1);
    // Published, not yet signing.
    expect(decodeProtectedHeader(await freshToken()).kid).toBe(kidsBefore[0]);
    server().clock.advanceSeconds(KEY_PUBLISH_AHEAD_SECONDS);
    expect(decodeProtectedHeader(await freshToken()).kid).toBe(kidsAfter.at(-1));
  });
});

describe('issue 16: RS256 access tokens', () => {
  const server = useTestServer({ env: { ACCESS_TOKEN_ALG: 'RS256' } });

  it('signs RS256 with a 2048-bit key that jose verifies against the published JWKS', async () => {
    const { user } = await createUser(server().db, server().passwords, { roleKeys: ['bfm-base'] });
    const token = (await signedIn(server(), user.email)).slice('Bearer '.length);
    expect(decodeProtectedHeader(token).alg).toBe('RS256');
    const jwks = (await server().app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json<{
      keys: JWK[];
    }>();
    const [published] = jwks.keys;
    expect(published).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: decodeProtectedHeader(token).kid,
    });
    expect(Buffer.from(published?.n ?? '', 'base64url').length * 8).toBe(2048);
    expect(published).not.toHaveProperty('d');
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: server().config.publicUrl,
      audience: server().config.clientId,
      algorithms: ['RS256'],
      currentDate: server().clock.now(),
    });
    expect(payload.sub).toBe(user.id);
    // And the server itself accepts it.
    const me = await server().app.inject({
      method: 'GET',
      url: ME,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('issue 16: servers sharing one database', () => {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  const db = () => {
    if (!database) throw new Error('no database');
    return database.db;
  };

  it('two servers starting together on an empty database create one signing key', async () => {
    await db().delete(signingKeys);
    const config = testConfig();
    const clock = new TestClock();
    const [first, second] = await Promise.all([
      createTokenService({ db: db(), config, clock }),
      createTokenService({ db: db(), config, clock }),
    ]);
    expect(await db().select().from(signingKeys)).toHaveLength(1);
    expect(first.jwks()).toEqual(second.jwks());
  });

  it('a rotation on one server reaches the other: it reloads on the new kid and switches to it', async () => {
    const config = testConfig({ SECRETS_KEY });
    const clock = new TestClock();
    const first = await createTokenService({ db: db(), config, clock });
    const second = await createTokenService({ db: db(), config, clock });
    const rotated = await rotateSigningKeys(
      { db: db(), clock, keyStore: first.keyStore, reload: first.reloadKeys },
      'ops',
    );
    expect(first.jwks().keys.map((key) => key.kid)).toContain(rotated.kid);
    clock.advanceSeconds(KEY_PUBLISH_AHEAD_SECONDS + 1);
    const subject = {
      id: '00000000-0000-4000-8000-000000000016',
      email: 'keys@acme-foods.test',
      name: 'Keys',
      tenantId: null,
      tenantIds: [],
      roleKeys: [],
      permissionKeys: [],
      metadata: '{}',
      superUser: false,
      verified: true,
    };
    const signed = await first.signAccessToken(subject, '00000000-0000-4000-8000-000000000017');
    expect(decodeProtectedHeader(signed.accessToken).kid).toBe(rotated.kid);
    // The second server has not read the new key: the unknown kid makes it read the keys again.
    await expect(second.verifyAccessToken(signed.accessToken)).resolves.toMatchObject({ sub: subject.id });
    const fromSecond = await second.signAccessToken(subject, '00000000-0000-4000-8000-000000000017');
    expect(decodeProtectedHeader(fromSecond.accessToken).kid).toBe(rotated.kid);
  });
});
