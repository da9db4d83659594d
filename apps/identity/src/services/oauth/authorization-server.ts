import type { Config } from '../../config.js';
import { refuse, type Db } from '../../db/client.js';
import {
  consumeAuthorizationCode,
  findAuthorizationCode,
  findOAuthClient,
  findRefreshFamily,
  insertAuthorizationCode,
} from '../../db/queries/oauth.js';
import { findRefreshSession, insertRefreshToken, revokeFamily } from '../../db/queries/refresh-tokens.js';
import { findUserClaimsById } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken, hashToken } from '../../lib/secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import { recordAudit, type RequestMeta } from '../audit.js';
import type { AuthorizationCache } from '../authorization-cache.js';
import type { SessionService } from '../sessions.js';
import type { TokenService } from '../tokens.js';
import { isValidCodeChallenge, verifyS256 } from './pkce.js';
import { isRegisteredRedirectUri } from './redirect-uri.js';
import { createRpInitiatedLogout } from './rp-initiated-logout.js';
import { defaultClient, LOGIN_BOX_PATH, seedDefaultClient, type OAuthClient } from './clients.js';
import { revocationKeys, type RevocationList } from '../revocations.js';
import type { InvalidationBus } from '../cluster/index.js';
import { createOAuthClientRegistry } from './client-registry.js';
import { userInfoOf } from './userinfo.js';

/** An authorization code lives this long (RFC 6749 4.1.2 recommends at most 10 minutes). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
export const AUTHORIZE_PATH = '/frontegg/oauth/authorize';

export const oauthAuditEvents = {
  codeIssued: { action: 'OAuth authorization code issued', severity: 'Info' },
  authorizeRejected: { action: 'OAuth authorization request rejected', severity: 'Medium' },
  codeExchanged: { action: 'User logged in with the hosted login', severity: 'Info' },
  codeExchangeFailed: { action: 'OAuth code exchange failed', severity: 'Medium' },
  codeReplayed: { action: 'OAuth authorization code reused, session revoked', severity: 'Critical' },
} as const;

/** The query of GET /oauth/authorize, already shaped by the route's schema. */
export interface AuthorizeRequest {
  response_type: string;
  client_id: string;
  redirect_uri: string;
  scope: string;
  state?: string;
  nonce?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  code_verifier?: string;
  prompt?: string;
}

export interface CodeExchangeRequest {
  code: string;
  redirect_uri: string;
  code_verifier?: string;
  client_id?: string;
}

/** The token endpoint's answer (RFC 6749 5.1 + OpenID id_token). The SDK uses id_token as its access token. */
export interface OAuthTokenResponse {
  token_type: 'Bearer';
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
}

const DEFAULT_SCOPE = 'openid email profile';

export type AuthorizationServer = ReturnType<typeof createAuthorizationServer>;

/**
 * The OAuth 2 authorization server of the hosted login (SPEC section 7): authorization code with
 * PKCE S256 only, exact redirect URIs, single-use short-lived codes, and tokens that are the
 * sessions of services/sessions.ts (same refresh families, rotation and reuse detection).
 */
export function createAuthorizationServer(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  sessions: SessionService;
  authorization: AuthorizationCache;
  revocations: RevocationList;
  bus: InvalidationBus;
}) {
  const { db, config, clock, tokens, sessions } = deps;

  const findClient = async (clientId: string): Promise<OAuthClient | undefined> => {
    const row = await findOAuthClient(db, clientId);
    const builtIn = clientId === config.clientId ? defaultClient(config) : undefined;
    if (!row && !builtIn) return undefined;
    if (!row && builtIn) {
      // The code table refers to the client: make sure the built-in one exists even without the seed.
      await seedDefaultClient(db, config);
    }
    return {
      clientId,
      redirectUris: [...new Set([...(row?.redirectUris ?? []), ...(builtIn?.redirectUris ?? [])])],
      postLogoutRedirectUris: [
        ...new Set([...(row?.postLogoutRedirectUris ?? []), ...(builtIn?.postLogoutRedirectUris ?? [])]),
      ],
    };
  };

  const rejectAuthorize = async (
    meta: RequestMeta,
    error: Parameters<typeof appError>[0],
    description: string,
    json: Record<string, unknown>,
  ): Promise<never> => {
    await recordAudit(db, oauthAuditEvents.authorizeRejected, meta, { description, json }, clock.now());
    throw appError(error, description === error.message ? undefined : description);
  };

  /** The current, live session of the identity origin's refresh cookie, or undefined. */
  const liveSession = async (refreshCookie: string | undefined) => {
    if (!refreshCookie) return undefined;
    const now = clock.now();
    const session = await findRefreshSession(db, hashToken(refreshCookie), now);
    if (
      !session ||
      session.familyRevokedAt ||
      session.tokenRotatedAt ||
      session.tokenExpiresAt <= now ||
      session.isLocked ||
      // Issue 10: a session past its lifetime gets no code (whose exchange would add a refresh token).
      (await sessions.hasOutlived(session))
    ) {
      return undefined;
    }
    return session;
  };

  /** The code's user with the claims of the session's tenant and how the session signed in, if it still stands and the user is not locked. */
  const findFamilyUser = async (userId: string, familyId: string) => {
    const family = await findRefreshFamily(db, familyId);
    if (!family || family.revokedAt) return undefined;
    const user = await findUserClaimsById(db, userId, family.tenantId, clock.now());
    if (!user || user.isLocked) return undefined;
    deps.authorization.put(user.id, family.tenantId, user);
    return { user, authentication: family.authentication ?? undefined };
  };

  /** RFC 6749 5.1 and OpenID: the id_token is the access token, plus the nonce of the request when there was one. */
  const toTokenResponse = (
    issued: { accessToken: string; refreshToken: string; expiresIn: number; idToken?: string },
    scope: string,
  ): OAuthTokenResponse => ({
    token_type: 'Bearer',
    access_token: issued.accessToken,
    id_token: issued.idToken ?? issued.accessToken,
    refresh_token: issued.refreshToken,
    expires_in: issued.expiresIn,
    scope,
  });

  /** grant_type=authorization_code: one use, within its lifetime, same redirect URI, PKCE S256 proof. */
  const exchange = async (request: CodeExchangeRequest, meta: RequestMeta): Promise<OAuthTokenResponse> => {
    const now = clock.now();
    const codeHash = hashToken(request.code);
    const fail = (reason: string, code?: { userId: string; familyId: string }): Promise<never> =>
      refuse(
        async () => {
          await recordAudit(
            db,
            oauthAuditEvents.codeExchangeFailed,
            meta,
            { userId: code?.userId, description: reason, json: code ? { sessionId: code.familyId } : {} },
            now,
          );
          throw appError(errorCatalogue.oauth.invalidGrant);
        },
        { keepWrites: true },
      );

    // Spent first, checked after: a wrong verifier or redirect URI burns the code, so it cannot be guessed at.
    const code = await consumeAuthorizationCode(db, codeHash, now);
    if (!code) {
      const spent = await findAuthorizationCode(db, codeHash);
      if (!spent) return fail('unknown authorization code');
      // RFC 6749 4.1.2: a code used twice was stolen; revoke what it granted.
      await revokeFamily(db, spent.familyId, 'authorization code reuse', now);
      await recordAudit(
        db,
        oauthAuditEvents.codeReplayed,
        meta,
        { userId: spent.userId, json: { sessionId: spent.familyId, clientId: spent.clientId } },
        now,
      );
      return refuse(
        async () => {
          deps.revocations.revoke(revocationKeys.session(spent.familyId), now.getTime());
          throw appError(errorCatalogue.oauth.invalidGrant);
        },
        { keepWrites: true },
      );
    }
    if (code.expiresAt <= now) return fail('authorization code expired', code);
    if (request.client_id !== undefined && request.client_id !== code.clientId) {
      return fail('client_id does not match the code', code);
    }
    if (request.redirect_uri !== code.redirectUri) return fail('redirect_uri does not match the code', code);
    if (!request.code_verifier) return fail('code_verifier missing', code);
    if (!verifyS256(request.code_verifier, code.codeChallenge))
      return fail('code_verifier does not match', code);

    const session = await findFamilyUser(code.userId, code.familyId);
    if (!session) return fail('session ended or user locked', code);
    const { user: family, authentication } = session;
    const refreshToken = generateToken();
    await insertRefreshToken(db, {
      familyId: code.familyId,
      tokenHash: hashToken(refreshToken),
      now,
      expiresAt: addSeconds(now, config.refreshTokenTtlSeconds),
    });
    const signed = await tokens.signAccessToken(family, code.familyId, authentication);
    await recordAudit(
      db,
      oauthAuditEvents.codeExchanged,
      meta,
      {
        userId: family.id,
        email: family.email,
        tenantId: family.tenantId,
        json: { clientId: code.clientId },
      },
      now,
    );
    const idToken = code.nonce
      ? (await tokens.signAccessToken(family, code.familyId, authentication, { nonce: code.nonce }))
          .accessToken
      : undefined;
    return toTokenResponse({ ...signed, refreshToken, idToken }, code.scope);
  };

  return {
    findClient,
    /** Issue 16: the superuser's registered clients (client-registry.ts). */
    clients: createOAuthClientRegistry({ db, config, clock, bus: deps.bus }),
    /** Issue 16: GET/POST /oauth/userinfo (userinfo.ts). */
    userInfo: (accessToken: string | undefined) => userInfoOf({ db, tokens }, accessToken),

    /**
     * Validates the authorization request. With a live session at the identity origin the answer
     * is the client's redirect URI with a fresh code; otherwise the login box, which comes back here.
     */
    async authorize(
      request: AuthorizeRequest,
      rawQuery: string,
      refreshCookie: string | undefined,
      meta: RequestMeta,
    ) {
      const seen = { client_id: request.client_id, redirect_uri: request.redirect_uri };
      const client = await findClient(request.client_id);
      if (!client)
        return rejectAuthorize(meta, errorCatalogue.oauth.invalidClient, 'Unknown client_id', seen);
      if (!isRegisteredRedirectUri(request.redirect_uri, client.redirectUris)) {
        return rejectAuthorize(
          meta,
          errorCatalogue.oauth.invalidRedirectUri,
          errorCatalogue.oauth.invalidRedirectUri.message,
          seen,
        );
      }
      if (request.response_type !== 'code') {
        return rejectAuthorize(meta, errorCatalogue.oauth.invalidRequest, 'response_type must be code', seen);
      }
      if (!request.scope.split(' ').includes('openid')) {
        return rejectAuthorize(meta, errorCatalogue.oauth.invalidRequest, 'scope must include openid', seen);
      }
      // A verifier belongs to the back channel only; one in the front channel (with or without a challenge) is a leak.
      if (request.code_verifier !== undefined) {
        return rejectAuthorize(
          meta,
          errorCatalogue.oauth.invalidRequest,
          'code_verifier must not be sent to the authorization endpoint',
          seen,
        );
      }
      if (
        !request.code_challenge ||
        request.code_challenge_method !== 'S256' ||
        !isValidCodeChallenge(request.code_challenge)
      ) {
        return rejectAuthorize(
          meta,
          errorCatalogue.oauth.pkceRequired,
          errorCatalogue.oauth.pkceRequired.message,
          {
            ...seen,
            code_challenge_method: request.code_challenge_method ?? null,
          },
        );
      }

      const session = request.prompt === 'login' ? undefined : await liveSession(refreshCookie);
      if (!session) {
        // Back to this very request once signed in: the login box honours same-origin redirect URLs.
        const resume = new URLSearchParams(rawQuery);
        resume.delete('prompt');
        const returnTo = `${AUTHORIZE_PATH}?${resume.toString()}`;
        return `${LOGIN_BOX_PATH}?${new URLSearchParams({ redirectUrl: returnTo }).toString()}`;
      }

      const code = generateToken();
      const now = clock.now();
      const codeChallenge = request.code_challenge;
      // Issue 10: the code and its audit row are one transaction.
      await db.transaction(async () => {
        await insertAuthorizationCode(db, {
          codeHash: hashToken(code),
          clientId: client.clientId,
          familyId: session.familyId,
          userId: session.id,
          redirectUri: request.redirect_uri,
          codeChallenge,
          nonce: request.nonce ?? null,
          scope: request.scope,
          createdAt: now,
          expiresAt: addSeconds(now, AUTHORIZATION_CODE_TTL_SECONDS),
        });
        await recordAudit(
          db,
          oauthAuditEvents.codeIssued,
          meta,
          {
            userId: session.id,
            email: session.email,
            tenantId: session.tenantId,
            json: { clientId: client.clientId },
          },
          now,
        );
      });
      const target = new URL(request.redirect_uri);
      target.searchParams.set('code', code);
      if (request.state !== undefined) target.searchParams.set('state', request.state);
      return target.toString();
    },

    /** grant_type=authorization_code: one use, within its lifetime, same redirect URI, PKCE S256 proof. */
    async exchangeCode(request: CodeExchangeRequest, meta: RequestMeta): Promise<OAuthTokenResponse> {
      // Issue 10: the spent code, the refresh token and the audit row are one transaction. A refusal
      // keeps the code spent (and a replay its revoked session), its audit row written after the commit.
      return db.transaction(() => exchange(request, meta));
    },

    /** grant_type=refresh_token and the silent authorization: the session service's rotation and reuse detection. */
    async refresh(
      refreshToken: string | undefined,
      tenantId: string | null | undefined,
      meta: RequestMeta,
    ): Promise<OAuthTokenResponse> {
      return toTokenResponse(await sessions.refresh(refreshToken, tenantId, meta), DEFAULT_SCOPE);
    },

    /** GET /oauth/logout and its confirmation (OpenID Connect RP-Initiated Logout 1.0): rp-initiated-logout.ts. */
    ...createRpInitiatedLogout({ db, config, clock, tokens, sessions, findClient }),
  };
}
