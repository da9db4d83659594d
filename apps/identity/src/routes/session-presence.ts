import type { onSendHookHandler } from 'fastify';

/**
 * The name of the session's presence cookie: the refresh cookie's name with `_present`. The web app
 * derives it from its clientId the same way (docs/CONTRACTS.md "Session presence cookie").
 */
export const presenceCookieName = (refreshCookieName: string) => `${refreshCookieName}_present`;

/**
 * Mirrors every change of the refresh cookie into a presence cookie that scripts can read: `1` while a
 * refresh cookie is set, with the same lifetime, path and flags (less HttpOnly), and cleared with it.
 * It holds no secret, only whether there is a session to refresh: a signed-out browser then skips the
 * start-up refresh, whose 401 the browser would log as an error on every visit (issue 10). One hook
 * instead of a line beside each of the routes that set or clear the refresh cookie, so none is missed.
 * It runs after the cookie plugin's own onSend hook has written the Set-Cookie headers.
 */
export function sessionPresence(refreshCookieName: string): onSendHookHandler {
  const prefix = `${refreshCookieName}=`;
  const presence = presenceCookieName(refreshCookieName);
  return (_request, reply, payload, done) => {
    const header = reply.getHeader('set-cookie');
    const cookies = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
    const refresh = cookies.findLast((cookie) => cookie.startsWith(prefix));
    if (refresh) {
      const [pair = '', ...attributes] = refresh.split(';').map((part) => part.trim());
      const value = pair.slice(prefix.length) === '' ? '' : '1';
      const kept = attributes.filter((attribute) => attribute.toLowerCase() !== 'httponly');
      reply.header('set-cookie', [`${presence}=${value}`, ...kept].join('; '));
    }
    done(null, payload);
  };
}
