import { useEffect } from 'react';
import { useLocation, useNavigate } from '../app/navigation';
import { useConfig } from './config';

export const REDIRECT_URL_PARAM = 'redirectUrl';

/**
 * Applies SPEC section 5's redirect-URL rule on the login box: a redirectUrl that may not be
 * honoured is removed from the address (the store reads it from there after sign-in) with the
 * different-site warning; one that may stays for the store to follow.
 */
export function useRedirectUrlRule(): void {
  const { allowedRedirectOrigins = [] } = useConfig();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has(REDIRECT_URL_PARAM)) return;
    let cancelled = false;
    // Loaded only when a redirectUrl is present: the login page's entry chunk stays within its budget.
    void import('../product/redirect-url').then(({ decideRedirectUrl }) => {
      if (cancelled) return;
      const decision = decideRedirectUrl(params.get(REDIRECT_URL_PARAM), {
        currentOrigin: window.location.origin,
        enforceSameSite: true,
        allowedOrigins: allowedRedirectOrigins,
      });
      if (decision.honoured) return;
      if (decision.warning) console.warn(decision.warning);
      params.delete(REDIRECT_URL_PARAM);
      const rest = params.toString();
      void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [search, pathname, hash, allowedRedirectOrigins, navigate]);
}
