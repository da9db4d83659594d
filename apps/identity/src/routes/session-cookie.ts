import type { FastifyReply } from 'fastify';
import type { SessionService } from '../services/sessions.js';
import { requestMeta } from './schemas.js';

// Issue 10: the one home of the refresh cookie in the embedded (cookie) mode's answers. Why the
// refresh token stays out of their bodies: docs/decisions/0010-refresh-token-in-bodies.md.

/** The answer of a refresh: the rotated token goes to the HttpOnly cookie only, not to script. */
export function withSessionCookie<T extends { refreshToken: string }>(
  reply: FastifyReply,
  sessions: SessionService,
  response: T,
): Omit<T, 'refreshToken'> {
  const { refreshToken, ...body } = response;
  reply.setCookie(sessions.cookieName, refreshToken, sessions.cookieOptions);
  return body;
}

/**
 * The answer of every sign-in (password, passwordless, passkey, MFA, activation, sign-up,
 * impersonation): a browser that still held a session ends it (its refresh family and access
 * tokens), so signing in again never leaves the previous session alive behind the new cookie.
 */
export async function signedIn<T extends { refreshToken: string }>(
  reply: FastifyReply,
  sessions: SessionService,
  response: T,
): Promise<Omit<T, 'refreshToken'>> {
  const previous = reply.request.cookies[sessions.cookieName];
  if (previous && previous !== response.refreshToken) {
    await sessions.end(previous, requestMeta(reply.request), 'signed in again');
  }
  return withSessionCookie(reply, sessions, response);
}
