import { Provider as FronteggStoreContextProvider } from '@frontegg/react-hooks';
import { useEffect, type ReactNode } from 'react';
import { reloadFlagsOnSessionChange, type BrizoStore } from './store';
import type { startTokenRenewal } from './token-renewal';

/** Mirrors the auth loading flag on <body> (SPEC: "Page body shows a loading class until auth loads"). */
function syncBodyLoadingClass(store: BrizoStore): () => void {
  const apply = () => document.body.classList.toggle('loading', store.getState().auth.isLoading);
  apply();
  return store.subscribe(apply);
}

/**
 * Token renewal loads as a chunk of its own once the app has rendered: the login page's first card
 * does not need it (issue 10, the login bundle's budget), and a session to renew comes later still.
 */
function startRenewal(store: BrizoStore): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  void import('./token-renewal').then((renewal) => {
    if (!stopped) stop = runRenewal(store, renewal.startTokenRenewal);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

function runRenewal(store: BrizoStore, start: typeof startTokenRenewal): () => void {
  const renewal = start({
    // Signed in only: an MFA enrollment's recovery code step already holds the new token, and a renewal
    // there (the store then navigates away from the login box) left the code before it was saved.
    getSession: () => {
      const { user, isAuthenticated } = store.getState().auth;
      return isAuthenticated && user?.accessToken
        ? { accessToken: user.accessToken, expiresIn: user.expiresIn }
        : null;
    },
    subscribe: (listener) => store.subscribe(listener),
    // Not the first authorization: only the session refresh, no configuration reload.
    renew: () => store.actions.requestAuthorize(false),
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible') renewal.checkNow();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    renewal.stop();
  };
}

/**
 * Provides the store to the SDK's hooks and runs what the CDN login box used to run for us:
 * token renewal, the body loading class, and the feature flags of whoever signs in.
 */
export function SdkProvider({ store, children }: { store: BrizoStore; children: ReactNode }) {
  useEffect(() => syncBodyLoadingClass(store), [store]);
  useEffect(() => startRenewal(store), [store]);
  useEffect(() => reloadFlagsOnSessionChange(store), [store]);
  return <FronteggStoreContextProvider store={store}>{children}</FronteggStoreContextProvider>;
}
