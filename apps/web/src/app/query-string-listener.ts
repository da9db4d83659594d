import { useEffect, useRef } from 'react';
import { useLocation } from './navigation';
import { local } from '../lib/storage';
import type { KeyValueStorage } from '../product';

interface QueryStringRules {
  rememberQueryString(pathname: string, search: string, local: KeyValueStorage): void;
}

const loadProductRules = (): Promise<QueryStringRules> => import('../product');

/**
 * Saves the query string on every navigation where SPEC section 4 asks for it. The rules
 * load only once an address carries a query string, so they stay out of the login page's
 * critical bundle.
 */
export function useQueryStringListener(loadRules: () => Promise<QueryStringRules> = loadProductRules): void {
  const location = useLocation();
  const rules = useRef<Promise<QueryStringRules> | null>(null);
  // The router hands out a new location object on each navigation only.
  useEffect(() => {
    const { pathname, search } = location;
    if (!search || search === '?') return;
    rules.current ??= loadRules();
    void rules.current.then(({ rememberQueryString }) => rememberQueryString(pathname, search, local));
  }, [location, loadRules]);
}
