import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { ProductShell } from '../components/product-shell';
import { pathOf, useGoTo, useLandingTarget } from '../lib/landing';
import { useRequiredSession } from '../lib/session';
import { local } from '../lib/storage';
import { reconcileTrialPageQuery } from '../product';
import { paths } from '../lib/paths';

/**
 * Parent of /trial-started, /trial-ended and /under-review (SPEC section 2): signed-in users
 * only, each on the page their landing decision names; the saved query string is brought
 * back into the address.
 */
export function ProductLayout() {
  const sessionView = useRequiredSession();
  const user = sessionView.status === 'signedIn' ? sessionView.user : null;
  const tenant = sessionView.status === 'signedIn' ? sessionView.tenant : null;
  const target = useLandingTarget(user, tenant);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const goTo = useGoTo();
  const isMisplaced = target !== null && pathOf(target) !== pathname;

  useEffect(() => {
    if (target && isMisplaced) goTo(target);
  }, [target, isMisplaced, goTo]);

  useEffect(() => {
    if (!user || isMisplaced) return;
    const reconciled = reconcileTrialPageQuery(search, local);
    if (reconciled !== null) void navigate({ pathname, search: reconciled, hash }, { replace: true });
  }, [user, isMisplaced, pathname, search, hash, navigate]);

  if (!user || !target || isMisplaced) return <LoadingScreen />;
  return (
    <ProductShell
      email={user.email}
      headerActions={
        <Button variant="subtle" color="gray" size="sm" onClick={() => void navigate(paths.logout)}>
          Logout
        </Button>
      }
    >
      <Outlet />
    </ProductShell>
  );
}
