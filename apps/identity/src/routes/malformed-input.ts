// Malformed input refused once for every route (issue 10), before any handler or schema sees it:
// text PostgreSQL cannot store, bodies nested too deeply to serialise, and the refusals the framework
// and Node's HTTP parser make themselves, which must still answer in the error shape.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type {
  FastifyBodyParser,
  FastifyError,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import { AppError, errorBody, errorCatalogue, errorHandler } from '../errors.js';
import { TRACE_ID_HEADER } from './response-headers.js';

/**
 * Deeper than any body of the API (metadata objects included): a 10,000-level body parses fine but
 * overflows the stack wherever it is later walked or serialised.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` holds at most `max` opening brackets: then it cannot nest deeper (native searches). */
function hasFewBrackets(text: string, max: number): boolean {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) {
      if (++count > max) return false;
    }
  }
  return true;
}

/**
 * Whether the JSON text nests arrays and objects deeper than `max`. Most bodies have a few brackets and
 * are answered by native searches; others get one pass over the characters, skipping strings. It runs
 * on every body (bench/json-guard.ts measures it against the JSON.parse every body pays).
 */
export function exceedsJsonDepth(text: string, max: number = MAX_JSON_DEPTH): boolean {
  if (hasFewBrackets(text, max)) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

// In a `u` regular expression a surrogate pair is one code point: only a lone surrogate is in class Cs.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * NUL cannot be stored in a PostgreSQL text or jsonb value, and a lone surrogate has no UTF-8 form:
 * either failed deep in a query as a 500. No field of the API has a use for them.
 */
export const isUnsafeText = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Whether any string or key of a parsed JSON value is unsafe text (depth already bounded). */
function holdsUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return isUnsafeText(value);
  if (Array.isArray(value)) return value.some(holdsUnsafeText);
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeText(key) || holdsUnsafeText(item)) return true;
    }
  }
  return false;
}

type JsonParser = FastifyBodyParser<string>;

/**
 * Wraps a JSON body parser with the depth bound and the text check. Text decoded from UTF-8 holds
 * neither NUL nor a lone surrogate unless the JSON escapes it (`\u0000`, `\ud800`), so the parsed value
 * is only walked when the text has a `\u` escape.
 */
export function guardJsonParser(parse: JsonParser): JsonParser {
  return (request, text, done) => {
    if (exceedsJsonDepth(text)) {
      done(new AppError(errorCatalogue.request.tooDeep), undefined);
      return;
    }
    if (!text.includes('\\u')) return parse(request, text, done);
    parse(request, text, (error, value) => {
      if (error) done(error, undefined);
      else if (holdsUnsafeText(value)) done(new AppError(errorCatalogue.request.unsafeText), undefined);
      else done(null, value);
    });
  };
}

/**
 * Path parameters and query values are percent-decoded later, by the router and the query parser:
 * `%00` is the only way NUL reaches them (a lone surrogate has no valid percent-encoding, and an invalid
 * one is a bad URL or a replacement character), so the raw URL is checked once, before routing's results
 * are read.
 */
export const rejectNulInUrl: onRequestHookHandler = (request, _reply, done) => {
  if (request.url.includes('%00')) done(new AppError(errorCatalogue.request.unsafeText));
  else done();
};

type ErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Fastify answers a bad percent-encoding in the path and an over-long path parameter before any hook
 * runs, in its own shape: these answer in ours, with the same headers as every answer. `handlerFor`
 * names another error shape for the paths whose clients read one (issue 13: the SCIM server's).
 */
export const frameworkErrorHandler =
  (headers: onRequestHookHandler, handlerFor: (url: string) => ErrorHandler | undefined = () => undefined) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const handler = handlerFor(request.url) ?? errorHandler;
    headers.call(reply.server, request, reply, () => handler(error, request, reply));
  };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Node's HTTP parser refuses some requests before fastify sees them (headers too large, a bad
 * Content-Length, an unknown method, bytes past the declared body that do not start a request, a
 * request too slow to arrive): it answers those on the socket itself, in our shape too.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection, or one already answered: there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const catalogueEntry =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? errorCatalogue.request.headersTooLarge
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? errorCatalogue.request.timeout
        : errorCatalogue.request.badRequest;
  const body = JSON.stringify(errorBody(catalogueEntry));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${catalogueEntry.status} ${STATUS_TEXT[catalogueEntry.status] ?? 'Bad Request'}\r\n` +
        `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `${TRACE_ID_HEADER}: ${randomUUID()}\r\ncache-control: no-store\r\nx-content-type-options: nosniff\r\n` +
        `connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
