import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config.js';

// Issue 16: the main application, served from its own origin, calls the API from its pages. Only the
// origins of CORS_ORIGINS are answered (exactly, scheme and port included), with the cookies; any other
// origin gets no CORS headers and its browser keeps the answer from the page. The cross-site guard lets
// the same origins change state (routes/cross-site-guard.ts).
//
// A registered OAuth client's single-page app (its allowedOrigins, services/oauth/client-registry.ts)
// may call only the endpoints of the hosted login that read no cookie, and without credentials: it
// exchanges its code with its PKCE verifier, refreshes with the token it holds, reads userinfo with its
// access token, and reads the discovery document and the keys.

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** Headers the SDK's fetch client sends besides the CORS-safelisted ones, and the tracing headers. */
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'frontegg-source',
  'frontegg-scoped-tenant',
  'frontegg-login-alias',
  'frontegg-requested-application-id',
  'frontegg-trace-id',
  'x-frontegg-framework',
  'x-frontegg-sdk',
  'x-request-id',
  'traceparent',
  'tracestate',
].join(', ');
/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** The endpoints a registered client's pages may call from their origin: none reads a cookie. */
const CLIENT_ENDPOINTS = new Set([
  '/frontegg/oauth/token',
  '/frontegg/oauth/userinfo',
  '/.well-known/openid-configuration',
  '/.well-known/jwks.json',
]);
const CLIENT_METHODS = 'GET, POST';
const CLIENT_HEADERS = 'authorization, content-type';

export const isClientEndpoint = (url: string): boolean => CLIENT_ENDPOINTS.has(url.split('?', 1)[0] ?? url);

/** Every registered OAuth client's allowed origins (kept in memory by the registry). */
export type ClientOrigins = () => Promise<ReadonlySet<string>>;

export function corsHook(config: Config, clientOrigins: ClientOrigins): onRequestAsyncHookHandler {
  const allowed = new Set(config.corsOrigins);
  return async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const forClients = isClientEndpoint(request.url);
    if (allowed.size === 0 && !forClients) return;
    // Caches must keep one answer per origin: the allowed origin is echoed, never `*`.
    reply.header('vary', 'Origin');
    const withCookies = allowed.has(origin);
    if (!withCookies && !(forClients && (await clientOrigins()).has(origin))) return;
    reply.header('access-control-allow-origin', origin);
    if (withCookies) reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', 'frontegg-trace-id, x-request-id, retry-after');
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'];
    if (!preflight) return;
    await reply
      .header('access-control-allow-methods', withCookies ? ALLOWED_METHODS : CLIENT_METHODS)
      .header('access-control-allow-headers', withCookies ? ALLOWED_HEADERS : CLIENT_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .code(204)
      .send();
  };
}
