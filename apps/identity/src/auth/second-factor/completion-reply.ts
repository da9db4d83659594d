import type { FastifyReply } from 'fastify';
import type { Services } from '../../services/index.js';
import { replyWithSession } from '../session-reply.js';
import type { MfaCompletion } from './service.js';

/**
 * A passed second factor, whichever it was: the session's answer (replyWithSession), and the
 * remembered-device cookie when the person asked for it and the tenant's policy allows it.
 */
export function replyWithCompletion(
  reply: FastifyReply,
  services: Pick<Services, 'mfa' | 'sessions'>,
  completion: MfaCompletion,
) {
  const { mfa, sessions } = services;
  const { trustedDevice } = completion;
  if (trustedDevice) {
    reply.setCookie(mfa.cookieName, trustedDevice.token, mfa.cookieOptions(trustedDevice.maxAgeSeconds));
  }
  return replyWithSession(reply, sessions, completion.response);
}
