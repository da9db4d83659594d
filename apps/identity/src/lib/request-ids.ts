import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// Issue 16: a request's identity across the proxy, this server and the logs (routes/observability.ts,
// lib/log-redaction.ts). No imports of the app: the tracing set-up loads this before the app.

/** An incoming X-Request-Id is kept when it is short and plain: it goes into every log line as is. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** W3C Trace Context: version-traceid-parentid-flags; an all-zero trace id is invalid. */
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The proxy's X-Request-Id when it is one, else a new id: the request's `reqId` in every log line. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The trace id of a valid incoming `traceparent`, for the request's log line. */
export function traceIdOf(request: IncomingMessage): string | undefined {
  const header = request.headers.traceparent;
  const traceId = typeof header === 'string' ? TRACEPARENT.exec(header.trim())?.[1] : undefined;
  return traceId && !/^0+$/.test(traceId) ? traceId : undefined;
}
