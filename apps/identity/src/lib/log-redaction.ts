import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { traceIdOf } from './request-ids.js';

/**
 * Query strings carry secrets: reset, activation, unlock and magic-link tokens, OAuth codes and
 * id_token_hint. Issue 10: the request log keeps each key and drops every value, so no token, code
 * or link ever reaches a log line.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const keys = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=~`);
  return `${url.slice(0, mark)}?${keys.join('&')}`;
}

/** Fastify's request log line, with the query values dropped. */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
  // Issue 16: the caller's W3C trace, so this request's lines (reqId) join the rest of the trace.
  traceId: traceIdOf(request.raw),
});

/** The logger options with the redacting request serializer (a disabled logger stays disabled). */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestSerializer } };
}
