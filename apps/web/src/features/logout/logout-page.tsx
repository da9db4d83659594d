import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { LoadingScreen } from '../../components/loading-screen';
import { anchorProps, Button, Stack, Text } from '../../components/plain-ui';
import { useAuthState, useHostedLogin, useLogout } from '../../sdk';

/**
 * Signs out through the SDK (server session and local state), then shows the login page. Issue 10: a
 * link from any site to /account/logout used to sign the user out with one click. Reached inside the
 * app (the Logout buttons, the SDK's own redirects) it signs out at once; loaded as a page (a link, a
 * typed address: the router's first location) it asks first, as the server's end-session page does.
 */
export function LogoutPage() {
  const logout = useLogout();
  const { isHosted } = useHostedLogin();
  const { isLoading, isAuthenticated } = useAuthState();
  const navigate = useNavigate();
  const isLoadedAsPage = useLocation().key === 'default';
  const [isConfirmed, setConfirmed] = useState(!isLoadedAsPage);
  const started = useRef(false);

  const signOut = useCallback(() => {
    if (started.current) return;
    started.current = true;
    // Hosted login: the application's home starts a fresh authorization, whose login box is on the identity origin.
    void logout(() =>
      isHosted ? window.location.replace(paths.home) : void navigate(paths.login, { replace: true }),
    );
  }, [logout, navigate, isHosted]);

  // Signed out already, there is nothing to protect: no question asked.
  const mustAsk = !isConfirmed && (isLoading || isAuthenticated);
  useEffect(() => {
    if (!mustAsk) signOut();
  }, [mustAsk, signOut]);

  if (!mustAsk || isLoading) return <LoadingScreen />;
  return (
    <AuthCard title="Sign out of Brizo FoodMetrics?">
      <Stack gap="md">
        <Button fullWidth onClick={() => setConfirmed(true)}>
          Sign out
        </Button>
        <Text size="sm" style={{ textAlign: 'center' }}>
          <Link {...anchorProps(undefined, { bold: false })} to={paths.home}>
            Stay signed in
          </Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}
