import { useEffect, useRef } from 'react';
import { LoadingScreen } from '../../components/loading-screen';
import { getAnalyticsSink } from '../../lib/analytics';
import { useConfig } from '../../lib/config';
import { useGoTo, useLandingTarget } from '../../lib/landing';
import { useRequiredSession } from '../../lib/session';
import { clearStoredSource, sendUserAnalytics } from '../../product';
import { session as sessionStorageArea } from '../../lib/storage';

/**
 * The index and catch-all route (SPEC section 2, redirect screen). Anonymous visitors go
 * through the login gate (useRequiredSession); a signed-in user is reported to analytics
 * once, the stored source is removed, and they are sent to their landing target. The loading placeholder shows meanwhile.
 */
export function RedirectPage() {
  const sessionView = useRequiredSession();
  const { gtmContainerId } = useConfig();
  const user = sessionView.status === 'signedIn' ? sessionView.user : null;
  const tenant = sessionView.status === 'signedIn' ? sessionView.tenant : null;
  const target = useLandingTarget(user, tenant);
  const goTo = useGoTo();
  const done = useRef(false);

  useEffect(() => {
    if (!user || !target || done.current) return;
    done.current = true;
    sendUserAnalytics(user, tenant, getAnalyticsSink(gtmContainerId));
    // The target already used the stored source; it is spent either way (SPEC section 2, redirect screen).
    clearStoredSource(sessionStorageArea);
    goTo(target);
  }, [user, tenant, target, gtmContainerId, goTo]);

  return <LoadingScreen />;
}
