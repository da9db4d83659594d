import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionService } from '../services/sessions.js';
import { requestMeta } from '../routes/schemas.js';

// Issue 10: the one home of the refresh cookie in the embedded (cookie) mode's answers. Why the
// refresh token stays out of their bodies: docs/decisions/0010-refresh-token-in-bodies.md. The presence
// cookie follows the refresh cookie on its own (session-presence.ts).

/** The answer as it goes out: a session's refresh token is in the cookie only, out of script's reach. */
export type WithoutRefreshToken<T> = T extends { refreshToken: string } ? Omit<T, 'refreshToken'> : T;

/** The refresh cookie the request came with, if any. */
export const sessionCookieOf = (request: FastifyRequest, sessions: SessionService): string | undefined =>
  request.cookies[sessions.cookieName];

/**
 * Every answer that carries a session (password, passwordless, passkey, MFA, activation, sign-up,
 * impersonation, refresh, the OAuth grants) goes through here: the refresh token goes to the HttpOnly
 * cookie and out of the body. After a sign-in, a browser that still held another session ends it (its
 * refresh family and access tokens), so signing in again never leaves the previous session alive behind
 * the new cookie; a refresh only rotates the cookie. An answer without a session (a next step such as
 * MFA, or a breached password) passes through unchanged.
 */
export async function replyWithSession<T extends object>(
  reply: FastifyReply,
  sessions: SessionService,
  response: T,
  after: 'sign-in' | 'refresh' = 'sign-in',
): Promise<WithoutRefreshToken<T>> {
  if (!('refreshToken' in response) || typeof response.refreshToken !== 'string') {
    return response as WithoutRefreshToken<T>;
  }
  const { refreshToken, ...body } = response;
  if (after === 'sign-in') {
    const previous = sessionCookieOf(reply.request, sessions);
    if (previous && previous !== refreshToken) {
      await sessions.end(previous, requestMeta(reply.request), 'signed in again');
    }
  }
  reply.setCookie(sessions.cookieName, refreshToken, sessions.cookieOptions);
  return body as WithoutRefreshToken<T>;
}

/** Sign-out, or a refresh cookie that no longer works: the browser forgets it (and its presence cookie). */
export function replyWithoutSession(reply: FastifyReply, sessions: SessionService): FastifyReply {
  return reply.clearCookie(sessions.cookieName, { path: '/' });
}
