import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { LoadingScreen } from '../../components/loading-screen';
import { useLogout } from '../../sdk';

/** Signs out through the SDK (server session and local state), then shows the login page. */
export function LogoutPage() {
  const logout = useLogout();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout(() => void navigate(paths.login, { replace: true }));
  }, [logout, navigate]);

  return <LoadingScreen />;
}
