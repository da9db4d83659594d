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

/** Google Tag Manager and the Google Analytics it loads, when GTM_CONTAINER_ID is set (their CSP guide). */
const TAG_MANAGER_SCRIPTS = ['https://www.googletagmanager.com'];
const TAG_MANAGER_REPORTS = [
  'https://*.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** Stripe.js and its card element's frames, when PAYMENT_PROVIDER=stripe (Stripe's CSP guide). */
const STRIPE_SCRIPTS = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CALLS = ['https://api.stripe.com'];

/**
 * The content security policy of every page we send (the web app, the dev mailbox and outbox, the
 * fallback page), docs/decisions/0011-web-delivery.md. Scripts only from files of our own origin (the
 * build has no inline script, and nothing needs eval); styles also inline, because Mantine writes its
 * theme into <style> elements at run time; API calls to our origin and to PUBLIC_URL, the baseUrl the
 * web app is given; no framing by other sites, no plugins, no <base> or form posts elsewhere. With
 * PAYMENT_PROVIDER=stripe, Stripe.js too: its script, its card element's frames and its API calls.
 */
export function contentSecurityPolicy(publicUrl: string, tagManager = false, stripe = false): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(tagManager ? TAG_MANAGER_SCRIPTS : []), ...(stripe ? STRIPE_SCRIPTS : [])],
    ...(stripe ? { 'frame-src': ["'self'", ...STRIPE_FRAMES] } : {}),
    'style-src': ["'self'", "'unsafe-inline'"],
    // Profile pictures may be any https address a user gave; QR codes and previews are data: or blob:.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      ...new Set([
        "'self'",
        new URL(publicUrl).origin,
        ...(tagManager ? TAG_MANAGER_REPORTS : []),
        ...(stripe ? STRIPE_CALLS : []),
      ]),
    ],
    'frame-ancestors': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Documents (the web app, the dev mailbox) get the full hardening set a browser applies to a page: the
 * set helmet sends by default, with our own content security policy. Scripts, styles and other files of
 * the web app get it too: a browser ignores it there, and one frozen set keeps the hook a single call.
 */
const documentHeaders = (https: boolean, csp: string): Readonly<Record<string, string>> =>
  Object.freeze({
    ...baseHeaders(https),
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // frame-ancestors says the same to current browsers; this is for the older ones.
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
/**
 * `apiPrefix` is where the API answers (every other path is the web app or a dev page); `tagManager`
 * whether the web app loads Google Tag Manager (GTM_CONTAINER_ID), which the pages' policy must allow.
 */
export function responseHeaders(
  publicUrl: string,
  apiPrefix: string,
  tagManager = false,
  stripe = false,
): onRequestHookHandler {
  const https = publicUrl.startsWith('https:');
  const api = apiHeaders(https);
  const documents = documentHeaders(https, contentSecurityPolicy(publicUrl, tagManager, stripe));
  const apiPath = `${apiPrefix}/`;
  return (request, reply, done) => {
    reply.headers(request.url.startsWith(apiPath) ? api : documents);
    reply.header(TRACE_ID_HEADER, request.id);
    done();
  };
}
