import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { authRoutes } from '../../lib/paths';
import { createBrizoStore, SdkProvider } from '../../sdk';
import { renderScreen } from '../../testing/render';

// The callback pages against the real SDK store: only the network is replaced, so the tests see the
// requests the official client sends (path, query, body) and the store's own reactions to the answers.

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status: number; body?: unknown };
export type Handler = (request: SentRequest) => Answer | undefined;

const json = (answer: Answer) =>
  new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });

/** Start-up calls the store makes whatever the page: signed out, nothing configured. */
const startUp: Handler = ({ path }) => {
  if (path.endsWith('/user/token/refresh')) return { status: 401, body: { errors: ['Unauthorized'] } };
  if (path === '/frontegg/identity/resources/sso/v2') return { status: 200, body: [] };
  if (path === '/frontegg/identity/resources/sso/custom/v1') return { status: 200, body: { providers: [] } };
  if (path === '/frontegg/metadata') return { status: 200, body: { rows: [{ configuration: {} }] } };
  return undefined;
};

/** Replaces window.fetch: `handler` answers first, then the start-up defaults, then an empty 200. */
export function fakeIdentityServer(handler: Handler) {
  const sent: SentRequest[] = [];
  const realFetch = window.fetch;
  window.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const raw = typeof init?.body === 'string' ? init.body : null;
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: raw ? (JSON.parse(raw) as unknown) : null,
    };
    sent.push(request);
    return json(handler(request) ?? startUp(request) ?? { status: 200, body: {} });
  });
  return {
    sent,
    /** The requests to one path. */
    to: (path: string) => sent.filter((request) => request.path === path),
    restore: () => {
      window.fetch = realFetch;
    },
  };
}

/**
 * Opens `address` (path and query) on a started store, as the app does: the store is created on that
 * page (so the callback pages' redirect hold applies), asked to authorize, and the page rendered.
 */
export async function openPage(page: ReactElement, address: string) {
  window.history.replaceState(null, '', address);
  const redirects: string[] = [];
  const store = createBrizoStore({
    baseUrl: 'http://localhost',
    routes: authRoutes,
    onRedirectTo: (path) => void redirects.push(path),
  });
  const view = renderScreen(<SdkProvider store={store}>{page}</SdkProvider>, { route: address });
  await act(async () => {
    store.dispatch({ type: 'auth/requestAuthorize', payload: true });
    await Promise.resolve();
  });
  return { store, view, redirects };
}

/** A signed JWT's shape, enough for the client to decode (it does not check signatures). */
export function accessTokenFor(claims: Record<string, unknown>): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 600, ...claims })}.c2ln`;
}
