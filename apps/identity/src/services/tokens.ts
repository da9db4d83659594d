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
import type { SessionAuthentication } from '../db/schema/index.js';
import { findActiveSigningKeys, insertSigningKey } from '../db/queries/signing-keys.js';
import type { UserClaimsRow } from '../db/queries/users.js';
import { parseJsonObject } from './json-metadata.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';
import {
  CLOCK_SKEW_SECONDS,
  createMemoryRevocationList,
  revocationKeys,
  type RevocationList,
} from './revocations.js';

const ALG = 'ES256';
/** Verified access tokens remembered at once, the oldest forgotten first: about 25 MB at most. */
const MAX_VERIFIED_TOKENS = 5_000;

/** The claims our access tokens carry; the SDK merges them into its user object. */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  tenantId: z.string().nullable(),
  tenantIds: z.array(z.string()),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /** Issue 15: the apps the user may open in the tenant (db/queries/users.ts). */
  applicationIds: z.array(z.string()).optional(),
  metadata: z.unknown(),
  superUser: z.boolean(),
  email_verified: z.boolean(),
  type: z.literal('userToken'),
  sid: z.string(),
  /** Present after a second factor (SPEC section 5 step-up): see auth/second-factor/step-up.ts. */
  amr: z.array(z.string()).optional(),
  acr: z.string().optional(),
  auth_time: z.number().optional(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number(),
  exp: z.number(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/**
 * Who an API token's access token is: the client-credentials exchange's (`*ApiToken`), or an access
 * token the portal created and showed once (`*AccessToken`, SPEC "API token types"), long-lived and so
 * checked against its row at each use (setAccessTokenCheck).
 */
export const apiTokenTypes = [
  'tenantApiToken',
  'userApiToken',
  'tenantAccessToken',
  'userAccessToken',
] as const;
export const isAccessTokenType = (type: string) => type === 'tenantAccessToken' || type === 'userAccessToken';

/**
 * The access token of an API token's client-credentials exchange (services/api-tokens.ts): a tenant
 * token acts with its own roles, a personal one as its owner (`userId`) with the owner's roles.
 */
export const apiTokenClaimsSchema = z.object({
  sub: z.string(),
  clientId: z.string(),
  tenantId: z.string(),
  userId: z.string().optional(),
  email: z.string().optional(),
  createdByUserId: z.string().nullable().optional(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  type: z.enum(apiTokenTypes),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number(),
  exp: z.number(),
});
export type ApiTokenClaims = z.infer<typeof apiTokenClaimsSchema>;

/** Who presents a bearer token: a person's session, or an API token. */
export type VerifiedCaller =
  { kind: 'user'; claims: AccessTokenClaims } | { kind: 'apiToken'; claims: ApiTokenClaims };

/** What an API token's access tokens are about: their revocations (services/revocations.ts). */
export interface ApiTokenSubject {
  clientId: string;
  tenantId: string;
  /** The owner of a personal token; null for a tenant token. */
  userId: string | null;
}

/** How the session was authenticated (OpenID amr/acr/auth_time), carried by step-up tokens. */
/** acr, amr, auth_time and the impersonation actor of a session (stored with it: db/schema/sessions.ts). */
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
> & {
  /**
   * When a temporary member's access to the token's tenant ends (epoch seconds; db/queries/users.ts):
   * the token expires then at the latest. Null or absent: a permanent member.
   */
  accessEndsAt?: number | null;
  /** Issue 15: the apps the user may open in the tenant; absent from tokens made without them. */
  applicationIds?: string[];
};

export interface TokenService {
  signAccessToken(
    user: TokenSubject,
    sessionId: string,
    authentication?: AuthenticationClaims,
    /** OpenID Connect id_token extras (nonce) of the hosted login: services/oauth. */
    idTokenClaims?: { nonce?: string },
  ): Promise<SignedAccessToken>;
  /** A person's access token, verified; an API token's answers 403 (the call needs a person's session). */
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
  /** A person's or an API token's access token, verified (the admin endpoints accept both). */
  verifyCaller(token: string): Promise<VerifiedCaller>;
  jwks(): { keys: JWK[] };
  /**
   * A signer for the access tokens of one API token's client-credentials exchange (services/api-tokens.ts):
   * no user session behind them, so `claims` say who they are. The exchange is the hottest path, so the
   * part of the token that never changes is encoded once here and each call adds only its id and times.
   */
  prepareApiTokenSigner(
    claims: Record<string, unknown>,
    subject?: ApiTokenSubject,
  ): (expiresIn: number) => SignedAccessToken;
  /**
   * An access token of the `*AccessToken` types outlives any revocation entry: `check` (the API tokens
   * service, made after this one) confirms its row at each use and answers it with today's permissions.
   */
  setAccessTokenCheck(check: (caller: ApiTokenCaller) => Promise<ApiTokenCaller>): void;
}

export type ApiTokenCaller = Extract<VerifiedCaller, { kind: 'apiToken' }>;

interface LoadedKey {
  kid: string;
  /** A node:crypto key: signing with it directly is about twice as fast as through WebCrypto, and synchronous. */
  privateKey: KeyObject;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /** The JWS protected header, encoded: the same for every token this key signs. */
  jwsHeader: string;
}

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const jwsHeaderOf = (kid: string) => base64urlJson({ alg: ALG, kid, typ: 'JWT' });

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
      return { kid: row.kid, privateKey, publicKey, publicJwk, jwsHeader: jwsHeaderOf(row.kid) };
    }),
  );
}

/** The ES256 signature as JOSE writes it: the raw r||s pair, not DER. */
const signatureOf = (key: LoadedKey, signingInput: Buffer): string =>
  sign('sha256', signingInput, { key: key.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');

/** A compact JWS (RFC 7515) over the claims. */
function signJwt(key: LoadedKey, claims: Record<string, unknown>): string {
  const signingInput = `${key.jwsHeader}.${base64urlJson(claims)}`;
  return `${signingInput}.${signatureOf(key, Buffer.from(signingInput, 'latin1'))}`;
}

/**
 * Signs `{...fixedClaims, jti, iat, exp}` with the fixed part encoded once. Base64 turns each 3 bytes into
 * 4 characters on its own, so the fixed JSON's first 3n bytes encode alone and its last 0-2 bytes are
 * carried into each call's tail: the token is byte for byte what signJwt would make of the same claims.
 */
function prepareJwt(key: LoadedKey, fixedClaims: Record<string, unknown>) {
  const fixedJson = Buffer.from(JSON.stringify(fixedClaims).slice(0, -1)); // open: the tail closes it
  const whole = fixedJson.length - (fixedJson.length % 3);
  const head = `${key.jwsHeader}.${fixedJson.subarray(0, whole).toString('base64url')}`;
  const headBytes = Buffer.from(head, 'latin1');
  const carried = fixedJson.subarray(whole);
  const separator = Object.keys(fixedClaims).length > 0 ? ',' : '';
  return (jti: string, iat: number, exp: number): string => {
    const tailJson = `${separator}"jti":${JSON.stringify(jti)},"iat":${iat},"exp":${exp}}`;
    const tail = Buffer.concat([carried, Buffer.from(tailJson)]).toString('base64url');
    const signingInput = Buffer.concat([headBytes, Buffer.from(tail, 'latin1')]);
    return `${head}${tail}.${signatureOf(key, signingInput)}`;
  };
}

/** The revocations that cover a person's access token (services/revocations.ts). */
const userTokenKeys = (sessionId: string, userId: string, tenantId: string | null): string[] => [
  revocationKeys.session(sessionId),
  revocationKeys.member(userId, tenantId),
  revocationKeys.user(userId),
  ...(tenantId === null ? [] : [revocationKeys.tenant(tenantId)]),
];

/** The revocations that cover an API token's access tokens (and its cached grant: services/api-tokens.ts). */
export const apiTokenKeys = (subject: ApiTokenSubject): string[] => [
  revocationKeys.apiToken(subject.clientId),
  revocationKeys.tenant(subject.tenantId),
  ...(subject.userId
    ? [revocationKeys.member(subject.userId, subject.tenantId), revocationKeys.user(subject.userId)]
    : []),
];

/**
 * ES256 access tokens. The signing key lives in the database (so tokens survive restarts and
 * several servers agree) and is cached in memory for the life of the process.
 */
export async function createTokenService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  revocations?: RevocationList;
}): Promise<TokenService> {
  const { config, clock } = deps;
  const revocations =
    deps.revocations ??
    createMemoryRevocationList({ clock, accessTokenTtlSeconds: config.accessTokenTtlSeconds });
  const keys = await loadKeys(deps.db, clock.now());
  const signingKey = keys[0];
  if (!signingKey) throw new Error('No signing key available');
  const publicKeysByKid = new Map(keys.map((key) => [key.kid, key.publicKey]));
  // Every API call presents its access token again and again until it expires: the signature is
  // checked once, and the token's claims are kept (frozen) until its expiry, measured at each use.
  const verified = new Map<string, VerifiedCaller>();

  /** The revocations that cover a token: its session or API token, its member, its user and its tenant. */
  const keysOf = (caller: VerifiedCaller): string[] => {
    if (caller.kind === 'user') {
      const { sid, sub, tenantId } = caller.claims;
      return userTokenKeys(sid, sub, tenantId);
    }
    const { clientId, userId, tenantId } = caller.claims;
    return apiTokenKeys({ clientId, userId: userId ?? null, tenantId });
  };

  /**
   * A revocation covers the tokens issued in its second or before (iat has second precision):
   * refused when iat * 1000 <= the revocation's time.
   */
  const isRevoked = (caller: VerifiedCaller, nowMs: number): boolean => {
    if (revocations.size === 0) return false;
    const issuedAtMs = caller.claims.iat * 1000;
    return keysOf(caller).some((key) => {
      const at = revocations.revokedAt(key, nowMs);
      return at !== undefined && issuedAtMs <= at;
    });
  };

  /**
   * The iat of a new token: now, or the second after the latest revocation that covers it, so a token
   * issued in the same second as a revocation (a refresh right after a role change) still counts.
   */
  const issueSecond = (keys: string[]): number => {
    const nowMs = clock.now().getTime();
    let issuedAt = Math.floor(nowMs / 1000);
    if (revocations.size === 0) return issuedAt;
    for (const key of keys) {
      const at = revocations.revokedAt(key, nowMs);
      if (at !== undefined) issuedAt = Math.max(issuedAt, Math.floor(at / 1000) + 1);
    }
    // Stamped ahead of the clock: a revocation of these keys later in this second must still cover it.
    revocations.issuedAhead(keys, issuedAt * 1000, nowMs);
    return issuedAt;
  };

  let accessTokenCheck: ((caller: ApiTokenCaller) => Promise<ApiTokenCaller>) | undefined;
  const checked = (caller: VerifiedCaller): VerifiedCaller | Promise<VerifiedCaller> => {
    if (caller.kind !== 'apiToken' || !isAccessTokenType(caller.claims.type)) return caller;
    if (!accessTokenCheck) throw appError(errorCatalogue.auth.invalidAccessToken);
    return accessTokenCheck(caller);
  };

  async function verifyCaller(token: string): Promise<VerifiedCaller> {
    const nowMs = clock.now().getTime();
    const known = verified.get(token);
    if (known) {
      if (known.claims.exp > nowMs / 1000) {
        // Issue 10: a remembered token is checked against the revocations at every use too.
        if (isRevoked(known, nowMs)) throw appError(errorCatalogue.auth.invalidAccessToken);
        return checked(known);
      }
      verified.delete(token);
    }
    let caller: VerifiedCaller;
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
          currentDate: new Date(nowMs),
        },
      );
      // Issue 10: jose checks iat only against a maximum age, so a token stamped in the future (a
      // clock set ahead, a forged issue time) would outlive its TTL: beyond the skew it is refused.
      const latest = nowMs / 1000 + CLOCK_SKEW_SECONDS;
      if ((payload.iat ?? 0) > latest || (payload.nbf ?? 0) > latest) throw new Error('issued in the future');
      caller =
        typeof payload.type === 'string' && (apiTokenTypes as readonly string[]).includes(payload.type)
          ? { kind: 'apiToken', claims: Object.freeze(apiTokenClaimsSchema.parse(payload)) }
          : {
              kind: 'user',
              claims: Object.freeze(accessTokenClaimsSchema.parse(payload satisfies JWTPayload)),
            };
    } catch {
      throw appError(errorCatalogue.auth.invalidAccessToken);
    }
    if (isRevoked(caller, nowMs)) throw appError(errorCatalogue.auth.invalidAccessToken);
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, Object.freeze(caller));
    return checked(caller);
  }

  return {
    async signAccessToken(user, sessionId, authentication, idTokenClaims) {
      const issuedAt = issueSecond(userTokenKeys(sessionId, user.id, user.tenantId));
      // A temporary member's token ends with the membership (team.ts revokes the earlier ones).
      const expiresIn =
        user.accessEndsAt === null || user.accessEndsAt === undefined
          ? config.accessTokenTtlSeconds
          : Math.max(0, Math.min(config.accessTokenTtlSeconds, Math.floor(user.accessEndsAt) - issuedAt));
      const accessToken = signJwt(signingKey, {
        sub: user.id,
        email: user.email,
        name: user.name,
        tenantId: user.tenantId,
        tenantIds: user.tenantIds,
        roles: user.roleKeys,
        permissions: user.permissionKeys,
        applicationIds: user.applicationIds,
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
      const caller = await verifyCaller(token);
      if (caller.kind !== 'user') throw appError(errorCatalogue.auth.personSessionRequired);
      return caller.claims;
    },

    verifyCaller,

    setAccessTokenCheck(check) {
      accessTokenCheck = check;
    },

    jwks: () => ({ keys: keys.map((key) => key.publicJwk) }),

    prepareApiTokenSigner(claims, subject) {
      const signPrepared = prepareJwt(signingKey, { ...claims, iss: config.publicUrl, aud: config.clientId });
      const keys = subject ? apiTokenKeys(subject) : [];
      return (expiresIn) => {
        const issuedAt = issueSecond(keys);
        const accessToken = signPrepared(randomUUID(), issuedAt, issuedAt + expiresIn);
        return { accessToken, expiresIn, expires: new Date((issuedAt + expiresIn) * 1000) };
      };
    },
  };
}
