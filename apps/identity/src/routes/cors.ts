import type { onRequestHookHandler } from 'fastify';
import type { Config } from '../config.js';

// Issue 16: the main application, served from its own origin, calls the API from its pages. Only the
// origins of CORS_ORIGINS are answered (exactly, scheme and port included); any other origin gets no
// CORS headers and its browser keeps the answer from the page. The cross-site guard lets the same
// origins change state (routes/cross-site-guard.ts).

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

export function corsHook(config: Config): onRequestHookHandler {
  const allowed = new Set(config.corsOrigins);
  return (request, reply, done) => {
    const origin = request.headers.origin;
    if (allowed.size === 0 || origin === undefined) return done();
    // Caches must keep one answer per origin: the allowed origin is echoed, never `*`.
    reply.header('vary', 'Origin');
    if (!allowed.has(origin)) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', 'frontegg-trace-id, x-request-id, retry-after');
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'];
    if (!preflight) return done();
    reply
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .code(204)
      .send();
  };
}
