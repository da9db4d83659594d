import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { LoadingScreen } from '../../components/loading-screen';
import { useHostedLogin, useLogout } from '../../sdk';

/** Signs out through the SDK (server session and local state), then shows the login page. */
export function LogoutPage() {
  const logout = useLogout();
  const { isHosted } = useHostedLogin();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Hosted login: the application's home starts a fresh authorization, whose login box is on the identity origin.
    void logout(() =>
      isHosted ? window.location.replace(paths.home) : void navigate(paths.login, { replace: true }),
    );
  }, [logout, navigate, isHosted]);

  return <LoadingScreen />;
}
