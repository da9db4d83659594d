import { randomUUID, sign } from 'node:crypto';
import { jwtVerify, type JWK, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SessionAuthentication } from '../db/schema/index.js';
import type { UserClaimsRow } from '../db/queries/users.js';
import { parseJsonObject } from './json-metadata.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';
import type { BackgroundLog } from './background.js';
import {
  createSigningKeyStore,
  isPublished,
  publishedJwks,
  signerAt,
  SIGNING_ALGS,
  UNKNOWN_KID_RELOAD_MS,
  type LoadedKey,
  type SigningKeyHolder,
  type SigningKeyStore,
} from './signing-keys/index.js';
import {
  CLOCK_SKEW_SECONDS,
  createMemoryRevocationList,
  revocationKeys,
  type RevocationList,
} from './revocations.js';

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

export interface TokenService extends SigningKeyHolder {
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

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** ES256 as JOSE writes it (the raw r||s pair, not DER); RS256 is PKCS #1 v1.5, node:crypto's default for RSA. */
const signatureOf = (key: LoadedKey, signingInput: Buffer): string =>
  (key.alg === 'ES256'
    ? sign('sha256', signingInput, { key: key.privateKey, dsaEncoding: 'ieee-p1363' })
    : sign('sha256', signingInput, key.privateKey)
  ).toString('base64url');

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
 * ES256 or RS256 access tokens (ACCESS_TOKEN_ALG). The signing keys live in the database (so tokens
 * survive restarts and several servers agree) and are cached in memory, read again every minute and
 * when a token names a key this server has not seen (services/signing-keys).
 */
export async function createTokenService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  revocations?: RevocationList;
  log?: BackgroundLog;
}): Promise<TokenService> {
  const { config, clock } = deps;
  const revocations =
    deps.revocations ??
    createMemoryRevocationList({ clock, accessTokenTtlSeconds: config.accessTokenTtlSeconds });
  const keyStore: SigningKeyStore = createSigningKeyStore({ db: deps.db, config, clock, log: deps.log });
  let keys = await keyStore.prepare();
  if (keys.length === 0) throw new Error('No signing key available');
  let keysByKid = new Map(keys.map((key) => [key.kid, key]));
  let loadedAtMs = clock.now().getTime();
  const reloadKeys = async () => {
    loadedAtMs = clock.now().getTime();
    const loaded = await keyStore.load();
    if (loaded.length === 0) return;
    keys = loaded;
    keysByKid = new Map(keys.map((key) => [key.kid, key]));
  };
  /** The key of a token's header; an unknown one may come from a rotation on another server. */
  const keyOf = async (kid: string | undefined): Promise<LoadedKey | undefined> => {
    if (!kid) return undefined;
    const known = keysByKid.get(kid);
    // A forged kid must not make every request read the database: at most one read per interval.
    if (known || Math.abs(clock.now().getTime() - loadedAtMs) < UNKNOWN_KID_RELOAD_MS) return known;
    await reloadKeys();
    return keysByKid.get(kid);
  };
  const signingKey = () => {
    const key = signerAt(keys, clock.now().getTime());
    if (!key) throw new Error('No signing key available');
    return key;
  };
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
      let key: LoadedKey | undefined;
      const { payload } = await jwtVerify(
        token,
        async (header) => {
          key = await keyOf(header.kid);
          // The key's own algorithm only: a header naming another one is refused.
          if (!key || header.alg !== key.alg) throw new Error('unknown key id');
          return key.publicKey;
        },
        {
          issuer: config.publicUrl,
          audience: config.clientId,
          algorithms: [...SIGNING_ALGS],
          currentDate: new Date(nowMs),
        },
      );
      // A key out of the JWKS signed nothing still valid, but the portal's long-lived access tokens,
      // which each use confirms against their row (setAccessTokenCheck).
      if (!key || (!isPublished(key, nowMs) && !isAccessTokenType(String(payload.type)))) {
        throw new Error('key no longer published');
      }
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
      const accessToken = signJwt(signingKey(), {
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

    jwks: () => publishedJwks(keys, clock.now().getTime()),

    keyStore,
    reloadKeys,

    prepareApiTokenSigner(claims, subject) {
      const fixedClaims = { ...claims, iss: config.publicUrl, aud: config.clientId };
      // Prepared for one key: prepared again when a rotation changes the signing key.
      let preparedFor = signingKey();
      let signPrepared = prepareJwt(preparedFor, fixedClaims);
      const revocationKeysOf = subject ? apiTokenKeys(subject) : [];
      return (expiresIn) => {
        const issuedAt = issueSecond(revocationKeysOf);
        const current = signingKey();
        if (current !== preparedFor) {
          preparedFor = current;
          signPrepared = prepareJwt(current, fixedClaims);
        }
        const accessToken = signPrepared(randomUUID(), issuedAt, issuedAt + expiresIn);
        return { accessToken, expiresIn, expires: new Date((issuedAt + expiresIn) * 1000) };
      };
    },
  };
}
