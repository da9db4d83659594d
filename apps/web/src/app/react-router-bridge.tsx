import { useContext, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  useNavigationType,
  type NavigationType,
} from 'react-router';
import { RouterStateContext, type RouterState } from './navigation';

/**
 * react-router's Router over the app's router (src/app/navigation.tsx): the pages other than the
 * login page, and the route table, use react-router's hooks and components, and see the same address
 * and write to the same history as the login page's modules.
 */
export function ReactRouterBridge({ children }: { children: ReactNode }) {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error("ReactRouterBridge may be used only inside the app's router");
  return (
    <Router
      location={state.location}
      navigationType={state.navigationType as NavigationType}
      navigator={state.navigator}
    >
      {children}
    </Router>
  );
}

/**
 * The app's router state from a react-router Router above (a MemoryRouter in tests, the build's static
 * shells): the modules that use src/app/navigation.tsx then work under it.
 */
export function RouterStateFromReactRouter({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { navigator } = useContext(NavigationContext);
  const state: RouterState = { location, navigationType, navigator };
  return <RouterStateContext value={state}>{children}</RouterStateContext>;
}
