import { Provider as FronteggStoreContextProvider } from '@frontegg/react-hooks';
import { useEffect, type ReactNode } from 'react';
import type { BrizoStore } from './store';
import { startTokenRenewal } from './token-renewal';

/** Mirrors the auth loading flag on <body> (SPEC: "Page body shows a loading class until auth loads"). */
function syncBodyLoadingClass(store: BrizoStore): () => void {
  const apply = () => document.body.classList.toggle('loading', store.getState().auth.isLoading);
  apply();
  return store.subscribe(apply);
}

function startRenewal(store: BrizoStore): () => void {
  const renewal = startTokenRenewal({
    getSession: () => {
      const user = store.getState().auth.user;
      return user?.accessToken ? { accessToken: user.accessToken, expiresIn: user.expiresIn } : null;
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
 * token renewal and the body loading class.
 */
export function SdkProvider({ store, children }: { store: BrizoStore; children: ReactNode }) {
  useEffect(() => syncBodyLoadingClass(store), [store]);
  useEffect(() => startRenewal(store), [store]);
  return <FronteggStoreContextProvider store={store}>{children}</FronteggStoreContextProvider>;
}
