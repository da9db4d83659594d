import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config.js';
import { appError, errorCatalogue } from '../errors.js';
import { isClientEndpoint, type ClientOrigins } from './cors.js';

/** Methods a browser may send from any site without changing anything (RFC 9110 9.2.1 safe methods). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origins whose pages may change state with the browser's cookies: PUBLIC_URL's (else, as for
 * /app-config.js, the request's own), plus WEB_APP_ORIGINS for a web app served elsewhere behind a proxy.
 */
function isAllowedOrigin(config: Config, request: FastifyRequest, origin: string): boolean {
  const own = config.publicUrlConfigured
    ? new URL(config.publicUrl).origin
    : `${request.protocol}://${request.host}`;
  return origin === own || config.webAppOrigins.includes(origin);
}

/** Whether a state-changing request comes from a page of one of the allowed origins. */
export function isSameOriginRequest(config: Config, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  // Browsers always send one of the two with a POST, PUT, PATCH or DELETE; a request with neither is a
  // backend, curl or an SDK on a server, which holds the cookies itself, so it cannot be forged by a page.
  if (origin === undefined && site === undefined) return true;
  // Issue 16: the origins of CORS_ORIGINS are sites of the operator's (the main application's pages),
  // named exactly; their cross-site calls are meant (routes/cors.ts).
  if (origin !== undefined && config.corsOrigins.includes(origin)) return true;
  // `same-site` is a sibling (another port, another subdomain): the cookies go there too, so it is refused.
  if (site !== undefined && site !== 'same-origin') return false;
  // `Origin: null` (a sandboxed frame, a page with Referrer-Policy: no-referrer) names no origin: refused.
  return origin === undefined || isAllowedOrigin(config, request, origin);
}

/**
 * Issue 10: the refresh cookie (SameSite=Lax) and the trusted-device cookie go with requests from any
 * same-site page, so a sibling origin could refresh, log out or sign someone in with a plain form POST.
 * Every request that may change state (every method but GET, HEAD and OPTIONS) must come from one of
 * the allowed origins; one hook for the whole API, so a new route cannot forget it.
 */
export function crossSiteGuard(config: Config, clientOrigins: ClientOrigins): onRequestAsyncHookHandler {
  return async (request) => {
    if (SAFE_METHODS.has(request.method) || isSameOriginRequest(config, request)) return;
    // Issue 16: a registered OAuth client's pages post to the token endpoint from their origin (cors.ts);
    // its answer then sets no cookie (routes/oauth).
    const origin = request.headers.origin;
    if (origin !== undefined && isClientEndpoint(request.url) && (await clientOrigins()).has(origin)) return;
    throw appError(errorCatalogue.request.crossSite);
  };
}
