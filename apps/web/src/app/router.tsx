import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { RouteErrorBoundary } from '../components/route-error';
// The login screen is the critical path: it ships in the entry chunk. Everything else loads lazily.
import { LoginPage } from '../features/login';
import { paths } from '../lib/paths';
import { isPathAt, useLocation } from './navigation';

const OtherPages = lazy(() => import('./routes').then((m) => ({ default: m.OtherPages })));

/**
 * The app's pages for the current address. A page's chunk loads on its first render: the loading
 * screen shows meanwhile on the first page, while a later navigation (a transition) keeps the page
 * it leaves until the next one is ready. A page that fails to load or render shows the error card.
 * The login page is matched here as the route table would match it (in any letter case, with or
 * without a trailing slash); the table and the other pages come in a chunk of their own.
 */
export function AppRoutes() {
  const location = useLocation();
  const isLoginPage = isPathAt(paths.login, location.pathname);
  return (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<LoadingScreen />}>{isLoginPage ? <LoginPage /> : <OtherPages />}</Suspense>
    </RouteErrorBoundary>
  );
}
