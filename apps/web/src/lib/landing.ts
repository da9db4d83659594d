import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  COUNTDOWN_REFRESH_MS,
  decideLanding,
  planRedirect,
  readStoredSource,
  type ProductTenant,
  type ProductUser,
} from '../product';
import { useConfig } from './config';
import { useServerNow } from './server-time';
import { local, session } from './storage';

/**
 * Where this signed-in user belongs right now (SPEC section 4, landing decision), by the server's clock;
 * null until that clock is known. Decided again on every countdown refresh, so an open trial page moves
 * to /trial-ended when the trial runs out.
 */
export function useLandingTarget(user: ProductUser | null, tenant: ProductTenant | null): string | null {
  const { mainAppUrl } = useConfig();
  const { search } = useLocation();
  const { now, ready } = useServerNow(COUNTDOWN_REFRESH_MS);
  if (!user || !ready) return null;
  return decideLanding({
    user,
    tenant,
    now,
    sourceParam: new URLSearchParams(search).get('source'),
    storedSource: readStoredSource(session),
    mainAppUrl,
    allowedOrigins: [window.location.origin],
  });
}

/**
 * Goes to a landing target: an http(s) address is a full page navigation (and clears the
 * saved source); an in-app path is a router navigation carrying the saved query string.
 */
export function useGoTo(): (target: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (target: string) => {
      const plan = planRedirect(target, local, session);
      if (plan.external) window.location.assign(plan.url);
      else void navigate(plan.url, { replace: true });
    },
    [navigate],
  );
}

/** The path part of an in-app target ('/trial-started?x=1' → '/trial-started'); null for external URLs. */
export function pathOf(target: string): string | null {
  if (/^https?:\/\//i.test(target)) return null;
  return target.split(/[?#]/, 1)[0] ?? target;
}
