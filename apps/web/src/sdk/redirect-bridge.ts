// The store calls `onRedirectTo(path, opts)` whenever a flow wants to move on (after login,
// after activation, to SSO ...). Its default does nothing (SDK-NOTES.md), so we bridge it:
// in-app paths go through the router, anything that must leave the app reloads the page.

export interface RedirectOptions {
  refresh?: boolean;
  replace?: boolean;
  preserveQueryParams?: boolean;
}

export type RedirectDecision =
  { kind: 'document'; url: string } | { kind: 'router'; to: string; replace: boolean };

const ABSOLUTE_URL = /^https?:\/\//i;
/** Paths the server answers, not the app's router: e.g. the login box returning to /frontegg/oauth/authorize. */
const SERVER_PATH = /^\/frontegg\//;

/** Appends the current query string to `path` unless it already carries one. */
function withQueryParams(path: string, currentSearch: string): string {
  if (!currentSearch || currentSearch === '?' || path.includes('?')) return path;
  return `${path}${currentSearch.startsWith('?') ? currentSearch : `?${currentSearch}`}`;
}

/** How to follow one `onRedirectTo` call. Pure, so the rules are unit-tested. */
export function decideRedirect(
  path: string,
  opts: RedirectOptions | undefined,
  currentSearch: string,
): RedirectDecision {
  const target = opts?.preserveQueryParams ? withQueryParams(path, currentSearch) : path;
  if (opts?.refresh || ABSOLUTE_URL.test(target) || SERVER_PATH.test(target))
    return { kind: 'document', url: target };
  return { kind: 'router', to: target, replace: opts?.replace ?? false };
}

export type Navigate = (to: string, options: { replace: boolean }) => void;

/**
 * The store is created before the router exists (the router is built in a later task: issue 10,
 * Lighthouse), so the bridge starts without a navigator. An in-app redirect requested before the
 * router is attached (none is expected: the first one follows a network round trip) waits for it
 * rather than reloading the page; the latest such request wins, as it would have on the router.
 */
export function createRedirectBridge(win: Pick<Window, 'location'> = window) {
  let navigate: Navigate | null = null;
  let pending: { to: string; replace: boolean } | null = null;

  const onRedirectTo = (path: string, opts?: RedirectOptions): void => {
    const decision = decideRedirect(path, opts, win.location.search);
    if (decision.kind === 'document') {
      win.location.assign(decision.url);
    } else if (navigate) {
      navigate(decision.to, { replace: decision.replace });
    } else {
      pending = { to: decision.to, replace: decision.replace };
    }
  };

  return {
    onRedirectTo,
    attachNavigator(next: Navigate): void {
      navigate = next;
      if (pending) next(pending.to, { replace: pending.replace });
      pending = null;
    },
  };
}

export type RedirectBridge = ReturnType<typeof createRedirectBridge>;
