import { trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countSignIns } from '../services/observability/sign-in-metrics.js';
import type { Metrics } from '../services/observability/metrics.js';

// Issue 16: a request's identity across the proxy, this server and the logs, and what every request
// adds to the Prometheus figures.

const SESSION_REFRESH = '/frontegg/identity/resources/auth/v1/user/token/refresh';
const OAUTH_TOKEN = '/frontegg/oauth/token';

/** The session refresh of the SDK, and the OAuth token endpoint's refresh grant (hosted login). */
function isRefresh(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === SESSION_REFRESH) return true;
  if (route !== OAUTH_TOKEN) return false;
  const body: unknown = request.body;
  return (
    typeof body === 'object' && body !== null && 'grant_type' in body && body.grant_type === 'refresh_token'
  );
}

/**
 * Every answer names its request id (X-Request-Id), so a user's report or a proxy's log finds the
 * server's lines; and is counted by route pattern (never the raw URL: ids and tokens would make a
 * series per request), method and status.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  const stopCountingSignIns = countSignIns(metrics);
  app.addHook('onClose', async () => {
    stopCountingSignIns();
  });
  app.addHook('onRequest', (request, reply, done) => {
    // The same id as frontegg-trace-id (routes/response-headers.ts), under the name proxies use.
    reply.header('x-request-id', request.id);
    // With tracing on (src/tracing.ts), the request's span is named by its route pattern, not "GET".
    const route = request.routeOptions.url;
    const span = trace.getActiveSpan();
    if (span && route) span.updateName(`${request.method} ${route}`).setAttribute('http.route', route);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequestDuration.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    if (isRefresh(request)) {
      metrics.refreshes.inc({ outcome: reply.statusCode < 400 ? 'success' : 'failure' });
    }
    done();
  });
}
