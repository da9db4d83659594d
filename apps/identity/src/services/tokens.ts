import { createPrivateKey, randomUUID, sign, type JsonWebKeyInput, type KeyObject } from 'node:crypto';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SessionAuthentication } from '../db/schema.js';
import { findActiveSigningKeys, insertSigningKey } from '../db/queries/signing-keys.js';
import type { UserClaimsRow } from '../db/queries/users.js';
import { parseJsonObject } from './json-metadata.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';

const ALG = 'ES256';

/** The claims our access tokens carry; the SDK merges them into its user object. */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  tenantId: z.string().nullable(),
  tenantIds: z.array(z.string()),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  metadata: z.unknown(),
  superUser: z.boolean(),
  email_verified: z.boolean(),
  type: z.literal('userToken'),
  sid: z.string(),
  /** Present after a second factor (SPEC section 5 step-up): see services/mfa/step-up.ts. */
  amr: z.array(z.string()).optional(),
  acr: z.string().optional(),
  auth_time: z.number().optional(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number(),
  exp: z.number(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** How the session was authenticated (OpenID amr/acr/auth_time), carried by step-up tokens. */
/** acr, amr, auth_time and the impersonation actor of a session (stored with it: db/schema.ts). */
export type AuthenticationClaims = SessionAuthentication;

export interface SignedAccessToken {
  accessToken: string;
  expiresIn: number;
  expires: Date;
}

/** Who the access token is about, and what they may do in the tenant. */
export type TokenSubject = Pick<
  UserClaimsRow,
  | 'id'
  | 'email'
  | 'name'
  | 'tenantId'
  | 'tenantIds'
  | 'roleKeys'
  | 'permissionKeys'
  | 'metadata'
  | 'superUser'
  | 'verified'
>;

export interface TokenService {
  signAccessToken(
    user: TokenSubject,
    sessionId: string,
    authentication?: AuthenticationClaims,
    /** OpenID Connect id_token extras (nonce) of the hosted login: services/oauth. */
    idTokenClaims?: { nonce?: string },
  ): Promise<SignedAccessToken>;
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
  jwks(): { keys: JWK[] };
  /**
   * The access token of an API token's client-credentials exchange (services/api-tokens.ts): no user
   * session behind it, so `claims` say who it is. Synchronous: the exchange is a hot path.
   */
  signApiAccessToken(claims: Record<string, unknown>, expiresIn: number): SignedAccessToken;
}

interface LoadedKey {
  kid: string;
  /** A node:crypto key: signing with it directly is about twice as fast as through WebCrypto, and synchronous. */
  privateKey: KeyObject;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

async function loadKeys(db: Db, now: Date): Promise<LoadedKey[]> {
  let rows = await findActiveSigningKeys(db);
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await insertSigningKey(db, {
      kid,
      alg: ALG,
      privateJwk: { ...(await exportJWK(privateKey)) },
      publicJwk: { ...publicJwk },
      createdAt: now,
    });
    rows = await findActiveSigningKeys(db);
  }
  return Promise.all(
    rows.map(async (row) => {
      const publicJwk: JWK = { ...row.publicJwk, kid: row.kid, alg: ALG, use: 'sig' };
      const privateKey = createPrivateKey({ key: row.privateJwk, format: 'jwk' } as JsonWebKeyInput);
      const publicKey = await importJWK(row.publicJwk, ALG);
      if (!('type' in publicKey)) throw new Error('Expected a CryptoKey for ES256');
      return { kid: row.kid, privateKey, publicKey, publicJwk };
    }),
  );
}

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS (RFC 7515) over the claims, ES256 with the raw r||s signature JOSE requires. */
function signJwt(key: LoadedKey, claims: Record<string, unknown>): string {
  const signingInput = `${base64urlJson({ alg: ALG, kid: key.kid, typ: 'JWT' })}.${base64urlJson(claims)}`;
  const signature = sign('sha256', Buffer.from(signingInput), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${signingInput}.${signature.toString('base64url')}`;
}

/**
 * ES256 access tokens. The signing key lives in the database (so tokens survive restarts and
 * several servers agree) and is cached in memory for the life of the process.
 */
export async function createTokenService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
}): Promise<TokenService> {
  const { config, clock } = deps;
  const keys = await loadKeys(deps.db, clock.now());
  const signingKey = keys[0];
  if (!signingKey) throw new Error('No signing key available');
  const publicKeysByKid = new Map(keys.map((key) => [key.kid, key.publicKey]));

  return {
    async signAccessToken(user, sessionId, authentication, idTokenClaims) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const expiresIn = config.accessTokenTtlSeconds;
      const accessToken = signJwt(signingKey, {
        sub: user.id,
        email: user.email,
        name: user.name,
        tenantId: user.tenantId,
        tenantIds: user.tenantIds,
        roles: user.roleKeys,
        permissions: user.permissionKeys,
        metadata: parseJsonObject(user.metadata),
        superUser: user.superUser,
        email_verified: user.verified,
        type: 'userToken',
        sid: sessionId,
        ...authentication,
        ...idTokenClaims,
        iss: config.publicUrl,
        aud: config.clientId,
        jti: randomUUID(),
        iat: issuedAt,
        exp: issuedAt + expiresIn,
      });
      return { accessToken, expiresIn, expires: new Date((issuedAt + expiresIn) * 1000) };
    },

    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(
          token,
          async (header) => {
            const key = header.kid ? publicKeysByKid.get(header.kid) : undefined;
            if (!key) throw new Error('unknown key id');
            return key;
          },
          {
            issuer: config.publicUrl,
            audience: config.clientId,
            algorithms: [ALG],
            currentDate: clock.now(),
          },
        );
        return accessTokenClaimsSchema.parse(payload satisfies JWTPayload);
      } catch {
        throw appError(errorCatalogue.auth.invalidAccessToken);
      }
    },

    jwks: () => ({ keys: keys.map((key) => key.publicJwk) }),

    signApiAccessToken(claims, expiresIn) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const accessToken = signJwt(signingKey, {
        ...claims,
        iss: config.publicUrl,
        aud: config.clientId,
        jti: randomUUID(),
        iat: issuedAt,
        exp: issuedAt + expiresIn,
      });
      return { accessToken, expiresIn, expires: new Date((issuedAt + expiresIn) * 1000) };
    },
  };
}
