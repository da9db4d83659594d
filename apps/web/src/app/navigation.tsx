import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type ComponentProps,
  type MouseEvent,
} from 'react';

// The address and the navigation the login page's own modules use, without react-router: its one
// module held, in the login page's chunk, everything any page of the app uses of it (the route table's
// matching, error pages and Link's prefetching among them), about 9 kB of gzip (issue 17). The app's
// router (src/app/app-router.tsx) provides this; the other pages' chunk hands the same address and
// navigator to react-router's Router (src/app/react-router-bridge.tsx), so both agree on one history.
// What is here follows react-router 7's behaviour for what these modules use of it.

/** How the address shown was reached: react-router's NavigationType values. */
export type NavigationAction = 'POP' | 'PUSH' | 'REPLACE';

/** An address within the app, as react-router's Location. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;
export type To = string | Partial<Path>;

/** What the router writes a navigation to: react-router's Navigator, the part of it used here. */
export interface Navigator {
  createHref(to: To): string;
  encodeLocation?(to: To): Path;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
}

export interface RouterState {
  location: Location;
  navigationType: NavigationAction;
  navigator: Navigator;
}

export const RouterStateContext = createContext<RouterState | null>(null);

function useRouterState(hook: string): RouterState {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error(`${hook} may be used only inside the app's router`);
  return state;
}

/** The path of `to`, as react-router's createPath writes it. */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${query}${fragment}`;
}

/** The parts of a path, as react-router's parsePath splits it (the parts absent left out). */
export function parsePath(path: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/**
 * Whether `pathname` is the page at the fixed path `path`, as react-router's matchPath matches a path
 * without parameters: in any letter case, with or without trailing slashes.
 */
export function isPathAt(path: string, pathname: string): boolean {
  const strip = (value: string) => value.replace(/\/+$/, '').toLowerCase();
  return strip(pathname) === strip(path);
}

/**
 * `to` made absolute as react-router resolves it for a page matched at the full path `from`: a relative
 * path goes on from that path, and each leading `..` leaves the page's route (for the root).
 */
function resolve(to: To, from: string): Path {
  const { pathname, search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  if (!pathname) return { pathname: from, search, hash };
  if (pathname.startsWith('/')) return { pathname, search, hash };
  let relative = pathname;
  let base = from;
  while (relative === '..' || relative.startsWith('../')) {
    relative = relative.slice(3);
    base = '/';
  }
  const segments = base.replace(/\/+$/, '').split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') {
      segments.push(segment);
    }
  }
  const resolved = segments.length > 1 ? segments.join('/') : '/';
  return {
    pathname: pathname.endsWith('/') && !resolved.endsWith('/') ? `${resolved}/` : resolved,
    search,
    hash,
  };
}

export function useLocation(): Location {
  return useRouterState('useLocation').location;
}

/** The query of the address shown, as react-router's useSearchParams reads it (the pages here only read it). */
export function useSearchParams(): readonly [URLSearchParams] {
  const { search } = useRouterState('useSearchParams').location;
  return useMemo(() => [new URLSearchParams(search)] as const, [search]);
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

/**
 * A function that navigates, as react-router's useNavigate: a number goes through the history, a call
 * before the calling component has mounted does nothing.
 */
export function useNavigate(): NavigateFunction {
  const { navigator, location } = useRouterState('useNavigate');
  const mounted = useRef(false);
  useLayoutEffect(() => {
    mounted.current = true;
  });
  const from = location.pathname;
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (!mounted.current) return;
      if (typeof to === 'number') return navigator.go(to);
      const path = resolve(to, from);
      if (options.replace) navigator.replace(path, options.state);
      else navigator.push(path, options.state);
    },
    [navigator, from],
  );
}

/** Navigates once rendered, as react-router's Navigate: where a page sends a visitor it cannot serve. */
export function Navigate({ to, replace = false }: { to: To; replace?: boolean }) {
  const navigate = useNavigate();
  // Once per address, not per render (an object `to` is a new one on every render).
  const path = typeof to === 'string' ? to : createPath(to);
  useEffect(() => navigate(path, { replace }), [navigate, path, replace]);
  return null;
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: To; replace?: boolean; state?: unknown };

/**
 * A link within the app, as react-router's Link: the browser follows a modified click (a new tab) or
 * one on a link with a target itself, the app navigates on a plain one (in place of the page shown
 * when the link leads to it).
 */
export function Link({ to, replace, state, onClick, target, ref, ...rest }: LinkProps) {
  const { location } = useRouterState('Link');
  const navigate = useNavigate();
  const path = resolve(to, location.pathname);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(path, { replace: replace ?? createPath(location) === createPath(path), state });
  };
  return <a {...rest} ref={ref} href={createPath(path)} target={target} onClick={handleClick} />;
}
