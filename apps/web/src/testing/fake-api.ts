import { vi } from 'vitest';

/** One request the fake identity server received: method, path under /frontegg, query and JSON body. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A JSON answer, or a function of the request that returns one (or a `status(...)`). */
type Handler = ((request: ReceivedRequest) => unknown) | object | string | number | boolean | null;

/** An answer with a status other than 200 (an error: `{ errors: [message], errorCode }`). */
export const status = (code: number, body: unknown) => ({ status: code, body, isStatus: true as const });
const isStatus = (answer: unknown): answer is { status: number; body: unknown } =>
  typeof answer === 'object' && answer !== null && 'isStatus' in answer;

/**
 * Stands in for the identity server behind the SDK's fetch: each `"METHOD /path"` (under /frontegg)
 * answers its handler's value, or the value a handler function returns for the request; handlers can
 * be replaced while a test runs. Anything unexpected answers 404, and every request is recorded.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const routes = { ...handlers };
  const requests: ReceivedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/frontegg/, '');
    const body = typeof init?.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, path, query: url.searchParams, body };
    requests.push(request);
    const handler = routes[`${method} ${path}`];
    if (handler === undefined)
      return Response.json({ errors: [`No route ${method} ${path}`], errorCode: 'ER-TEST' }, { status: 404 });
    const answer: unknown = typeof handler === 'function' ? handler(request) : handler;
    if (isStatus(answer)) return Response.json(answer.body, { status: answer.status });
    return Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Replaces or adds handlers. */
    on: (more: Record<string, Handler>) => Object.assign(routes, more),
    /** The requests sent to `"METHOD /path"`. */
    sent: (route: string) => requests.filter((request) => `${request.method} ${request.path}` === route),
  };
}
