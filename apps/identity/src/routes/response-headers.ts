import type { onRequestHookHandler } from 'fastify';

export const TRACE_ID_HEADER = 'frontegg-trace-id';

/**
 * Headers of every answer. `nosniff` keeps a browser from reading JSON as anything else; the resource
 * policy keeps other sites from embedding our answers; HSTS only means something over HTTPS.
 */
function baseHeaders(https: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * API answers carry accounts, tokens and secrets: no cache may keep them (a route that serves something
 * cacheable, like the signing keys or a profile picture, says so itself).
 */
const apiHeaders = (https: boolean): Readonly<Record<string, string>> =>
  Object.freeze({ ...baseHeaders(https), 'cache-control': 'no-store' });

/**
 * Documents (the web app, the dev mailbox) get the full hardening set a browser applies to a page: the
 * set helmet sends by default, less the content security policy, which the web app owns (apps/web).
 */
const documentHeaders = (https: boolean): Readonly<Record<string, string>> =>
  Object.freeze({
    ...baseHeaders(https),
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });

/**
 * Sets the request's trace id (which support asks users for) and the security headers on every answer.
 * The sets never vary, so each is one frozen object set in a single call: helmet's per-request chain of
 * middlewares, and page headers on API answers, cost a third of the client-credentials exchange's
 * throughput (docs/decisions/0008-response-headers.md).
 */
/** `apiPrefix` is where the API answers (every other path is the web app or a dev page). */
export function responseHeaders(publicUrl: string, apiPrefix: string): onRequestHookHandler {
  const https = publicUrl.startsWith('https:');
  const api = apiHeaders(https);
  const documents = documentHeaders(https);
  const apiPath = `${apiPrefix}/`;
  return (request, reply, done) => {
    reply.headers(request.url.startsWith(apiPath) ? api : documents);
    reply.header(TRACE_ID_HEADER, request.id);
    done();
  };
}
