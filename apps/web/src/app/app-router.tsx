import { startTransition, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  createPath,
  parsePath,
  RouterStateContext,
  type Location,
  type NavigationAction,
  type Navigator,
  type To,
} from './navigation';

/** The address shown, and how the browser's address follows it once shown. */
interface Entry {
  action: NavigationAction;
  location: Location;
  /** pushState or replaceState at the commit; null when the browser already shows it (first page, back). */
  write: 'pushState' | 'replaceState' | null;
}

/** What the app keeps in history.state, as react-router's own browser history does. */
interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const createKey = () => Math.random().toString(36).substring(2, 10);

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

function shownLocation(win: Window): Location {
  const { pathname, search, hash } = win.location;
  const state = win.history.state as HistoryState | null;
  return { pathname, search, hash, state: state?.usr || null, key: state?.key || 'default' };
}

/**
 * The app's router over the browser's history. A navigation renders the next page as a transition, so
 * the page it leaves stays until the next one's chunk has loaded (issue 17: pages are React.lazy), and
 * the address changes in the commit that shows the next page, not before: while a page loads, the
 * address is still the shown page's, as under react-router's data router (BrowserRouter writes it first).
 */
export function AppRouter({ children, win = window }: { children: ReactNode; win?: Window }) {
  const [entry, setEntry] = useState<Entry>(() => ({
    action: 'POP',
    location: shownLocation(win),
    write: null,
  }));
  const latest = useRef(entry.location);

  const navigator = useMemo((): Navigator => {
    const createURL = (to: To) => new URL(hrefOf(to), win.location.origin);
    const navigate = (write: 'pushState' | 'replaceState', to: To, state: unknown) => {
      const path = typeof to === 'string' ? parsePath(to) : to;
      const location: Location = {
        pathname: latest.current.pathname,
        search: '',
        hash: '',
        ...path,
        state: state ?? null,
        key: (path as Partial<Location>).key || createKey(),
      };
      latest.current = location;
      const action = write === 'pushState' ? 'PUSH' : 'REPLACE';
      startTransition(() => setEntry({ action, location, write }));
    };
    return {
      createHref: hrefOf,
      encodeLocation(to) {
        const { pathname, search, hash } = createURL(to);
        return { pathname, search, hash };
      },
      push: (to, state) => navigate('pushState', to, state),
      replace: (to, state) => navigate('replaceState', to, state),
      go: (delta) => win.history.go(delta),
    };
  }, [win]);

  useLayoutEffect(() => {
    const { write, location } = entry;
    if (!write) return;
    const shown = win.history.state as HistoryState | null;
    const idx = (shown?.idx ?? 0) + (write === 'pushState' ? 1 : 0);
    const state: HistoryState = { usr: location.state, key: location.key, idx };
    const url = createPath(location);
    try {
      win.history[write](state, '', url);
    } catch (error) {
      // Browsers cap the number of pushState calls (Safari): the page then loads as a document.
      if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
      win.location.assign(url);
    }
  }, [entry, win]);

  useLayoutEffect(() => {
    const onPop = () => {
      latest.current = shownLocation(win);
      const location = latest.current;
      startTransition(() => setEntry({ action: 'POP', location, write: null }));
    };
    win.addEventListener('popstate', onPop);
    return () => win.removeEventListener('popstate', onPop);
  }, [win]);

  const state = useMemo(
    () => ({ location: entry.location, navigationType: entry.action, navigator }),
    [entry, navigator],
  );
  return <RouterStateContext value={state}>{children}</RouterStateContext>;
}
