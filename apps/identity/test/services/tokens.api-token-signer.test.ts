import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { createTokenService, type TokenService } from '../../src/services/tokens.js';
import { openTestDatabase, testConfig, TestClock } from '../harness.js';

describe('the prepared signer of API-token access tokens', () => {
  const config = testConfig();
  const clock = new TestClock(new Date('2026-11-22T10:00:00Z'));
  let database: Database;
  let tokens: TokenService;
  beforeAll(async () => {
    database = await openTestDatabase();
    tokens = await createTokenService({ db: database.db, config, clock });
  });
  afterAll(() => database.close());

  // The fixed claims are encoded once in 3-byte groups and their last 0, 1 or 2 bytes travel with each
  // token's tail: names of three successive lengths cover all three cases, and a non-ASCII one splits
  // a character across the cut.
  it.each(['a', 'ab', 'abc', 'café ☕'])(
    'signs verifiable tokens whose claims are exact (%s)',
    async (name) => {
      const fixed = {
        sub: 'client-1',
        tenantId: 'tenant-1',
        roles: ['ReadOnly'],
        name,
        type: 'tenantApiToken',
      };
      const sign = tokens.prepareApiTokenSigner(fixed);
      const first = sign(300);
      const second = sign(120);

      const keys = createLocalJWKSet(tokens.jwks());
      const { payload, protectedHeader } = await jwtVerify(first.accessToken, keys, {
        issuer: config.publicUrl,
        audience: config.clientId,
        currentDate: clock.now(),
      });
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'JWT' });
      expect(payload).toEqual({
        ...fixed,
        iss: config.publicUrl,
        aud: config.clientId,
        jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
        iat: issuedAt,
        exp: issuedAt + 300,
      });
      expect(first.expiresIn).toBe(300);
      expect(first.expires).toEqual(new Date((issuedAt + 300) * 1000));

      const { payload: again } = await jwtVerify(second.accessToken, keys, { currentDate: clock.now() });
      expect(again.exp).toBe(issuedAt + 120);
      expect(again.jti).not.toBe(payload.jti);
    },
  );

  it('signs an empty claim set', async () => {
    const { accessToken } = tokens.prepareApiTokenSigner({})(60);
    const { payload } = await jwtVerify(accessToken, createLocalJWKSet(tokens.jwks()), {
      currentDate: clock.now(),
    });
    expect(Object.keys(payload).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'jti']);
  });
});
