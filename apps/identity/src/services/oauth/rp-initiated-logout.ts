import { compactVerify, createLocalJWKSet } from 'jose';
import { SIGNING_ALGS } from '../signing-keys/index.js';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { findRefreshSession } from '../../db/queries/refresh-tokens.js';
import { appError, errorCatalogue } from '../../errors.js';
import { hashToken } from '../../lib/secrets.js';
import type { Clock } from '../../lib/time.js';
import type { RequestMeta } from '../audit.js';
import type { SessionService } from '../sessions.js';
import type { TokenService } from '../tokens.js';
import type { OAuthClient } from './clients.js';
import { isRegisteredRedirectUri } from './redirect-uri.js';

/** The parameters of OpenID Connect RP-Initiated Logout 1.0 (section 2) the end-session endpoint reads. */
export interface LogoutRequest {
  id_token_hint?: string;
  client_id?: string;
  post_logout_redirect_uri?: string;
  state?: string;
}

/** What the confirmation form posts back: the request less the hint, which did not do. */
export type LogoutConfirmation = Omit<LogoutRequest, 'id_token_hint'>;

export type LogoutOutcome =
  /** The session ended (or there was none): go on to `location`, when the client asked for a registered one. */
  | { signedOut: true; location: string | null }
  /** Nothing proves the client of this session asked: the user confirms on a page of ours first. */
  | { signedOut: false; email: string; confirmation: LogoutConfirmation; location: string | null };

const hintClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.string(),
  sid: z.string(),
});

/**
 * GET /oauth/logout, the hosted login's end-session endpoint (OpenID Connect RP-Initiated Logout 1.0).
 * A link from any site used to end the session with one click; now the session ends at once only when
 * the request proves it comes from the client of that very session: an ID token this server issued for
 * it, as `id_token_hint` or, as the SDK (7.88) sends it, as the bearer of its fetch (a page of another
 * origin can set neither on a navigation). Otherwise the user confirms on a page whose form posts back
 * (that POST passes routes/cross-site-guard.ts). post_logout_redirect_uri must be registered for the
 * client, exactly; state goes back with it.
 */
export function createRpInitiatedLogout(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  sessions: SessionService;
  findClient: (clientId: string) => Promise<OAuthClient | undefined>;
}) {
  const { db, config, clock, tokens, sessions } = deps;

  /** The registered post-logout URI with `state` added, null when none was asked for; 400 when unregistered. */
  const postLogoutLocation = async (request: LogoutConfirmation): Promise<string | null> => {
    if (request.post_logout_redirect_uri === undefined) return null;
    const client = await deps.findClient(request.client_id ?? config.clientId);
    if (
      !client ||
      !isRegisteredRedirectUri(request.post_logout_redirect_uri, client.postLogoutRedirectUris)
    ) {
      throw appError(errorCatalogue.oauth.invalidPostLogoutRedirectUri);
    }
    const target = new URL(request.post_logout_redirect_uri);
    if (request.state !== undefined) target.searchParams.set('state', request.state);
    return target.toString();
  };

  /**
   * The hint's claims when this server signed it for the client. An expired hint still names its session
   * (the OpenID spec asks to accept those): the session itself must still be the cookie's.
   */
  const verifyHint = async (hint: string, clientId: string) => {
    try {
      const { payload } = await compactVerify(hint, createLocalJWKSet(tokens.jwks()), {
        algorithms: [...SIGNING_ALGS],
      });
      const claims = hintClaims.parse(JSON.parse(Buffer.from(payload).toString('utf8')));
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      return claims.iss === config.publicUrl && audiences.includes(clientId) ? claims : undefined;
    } catch {
      return undefined;
    }
  };

  const cookieSession = async (refreshCookie: string | undefined) => {
    if (!refreshCookie) return undefined;
    const session = await findRefreshSession(db, hashToken(refreshCookie), clock.now());
    return session && !session.familyRevokedAt ? session : undefined;
  };

  return {
    async logout(
      refreshCookie: string | undefined,
      request: LogoutRequest,
      bearer: string | undefined,
      meta: RequestMeta,
    ): Promise<LogoutOutcome> {
      const confirmation: LogoutConfirmation = {
        client_id: request.client_id,
        post_logout_redirect_uri: request.post_logout_redirect_uri,
        state: request.state,
      };
      const location = await postLogoutLocation(confirmation);
      const session = await cookieSession(refreshCookie);
      // No session: nothing to end, and going on to a registered address harms no one.
      if (!session) return { signedOut: true, location };
      const hint = request.id_token_hint ?? bearer;
      const claims = hint ? await verifyHint(hint, request.client_id ?? config.clientId) : undefined;
      if (claims?.sid !== session.familyId || claims.sub !== session.id) {
        return { signedOut: false, email: session.email, confirmation, location };
      }
      await sessions.end(refreshCookie, meta);
      return { signedOut: true, location };
    },

    /** The confirmation page's POST: ends the session; the answer is the registered address to go on to. */
    async confirmLogout(
      refreshCookie: string | undefined,
      request: LogoutConfirmation,
      meta: RequestMeta,
    ): Promise<string | null> {
      const location = await postLogoutLocation(request);
      await sessions.end(refreshCookie, meta);
      return location;
    },
  };
}
