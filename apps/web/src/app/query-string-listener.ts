import type { createBrowserRouter, Location } from 'react-router';
import { local } from '../lib/storage';
import type { KeyValueStorage } from '../product';

// Only what the listener reads, so a memory router works in tests.
type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;
interface QueryStringRules {
  rememberQueryString(pathname: string, search: string, local: KeyValueStorage): void;
}

/**
 * Saves the query string on every navigation where SPEC section 4 asks for it. The rules
 * load only once an address carries a query string, so they stay out of the login page's
 * critical bundle.
 */
export function listenForQueryStrings(
  router: AppRouter,
  loadRules: () => Promise<QueryStringRules> = () => import('../product'),
): () => void {
  let rules: Promise<QueryStringRules> | null = null;
  const remember = ({ pathname, search }: Location) => {
    if (!search || search === '?') return;
    rules ??= loadRules();
    void rules.then(({ rememberQueryString }) => rememberQueryString(pathname, search, local));
  };

  remember(router.state.location);
  let lastKey = router.state.location.key;
  return router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
    remember(state.location);
  });
}
