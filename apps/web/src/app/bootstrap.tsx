import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  createBrizoStore,
  createRedirectBridge,
  loadPreviewMocks,
  startSdk,
  type RedirectBridge,
} from '../sdk';
import type { BrizoConfig } from '../lib/config';
import { missingOptionMessage, readConfig } from './config';
import { authRoutes } from '../lib/paths';
import { usesHostedLogin } from './hosted-login';
import { AppRouter } from './app-router';
import { useNavigate } from './navigation';
import { AppProviders } from './providers';
import { useQueryStringListener } from './query-string-listener';
import { AppRoutes } from './router';

/**
 * Starts the app in `container`. Without the required `baseUrl` option the app cannot reach
 * its API: it says so once and leaves the page empty (SPEC section 5).
 */
export function bootstrap(container: HTMLElement, win: Window = window): boolean {
  const result = readConfig(win.__BRIZO_CONFIG__, win.location.origin);
  if (!result.ok) {
    win.alert(missingOptionMessage(result.missing));
    win.document.body.classList.remove('loading');
    container.replaceChildren();
    return false;
  }
  const { config } = result;
  if (config.previewMode) {
    // Preview (SPEC section 1): the store's mock actions load first, in a chunk of their own.
    loadPreviewMocks().then(
      () => void start(container, win, config),
      (error: unknown) => console.error('Preview mode could not start', error),
    );
  } else {
    void start(container, win, config);
  }
  return true;
}

/**
 * Ends the current task so the browser can paint and handle input before the next piece of start-up
 * work. Under Lighthouse's 4x CPU slowdown each piece (store, first render) is a long task
 * of its own: one task of all of them blocked the main thread for 300 ms and more (issue 10).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(container: HTMLElement, win: Window, config: BrizoConfig): Promise<void> {
  await nextTask();
  const bridge = createRedirectBridge(win);
  const store = createBrizoStore({
    baseUrl: config.baseUrl,
    clientId: config.clientId,
    routes: authRoutes,
    onRedirectTo: bridge.onRedirectTo,
    previewMode: config.previewMode,
    hostedLogin: usesHostedLogin(config.hostedLogin, win.location.pathname),
    allowedRedirectOrigins: config.allowedRedirectOrigins,
  });
  // The SDK's first request (the feature flags) leaves before the first render (which builds the
  // router) runs: the login box waits for its answer and the requests after it (issue 10, Lighthouse).
  // Nothing the router or the bridge's navigator set up is read before that answer arrives.
  void startSdk(store, {
    clientId: config.clientId,
    signInForm: [authRoutes.loginUrl, authRoutes.signUpUrl].includes(win.location.pathname),
  });
  await nextTask();
  renderFirst(
    createRoot(container),
    <StrictMode>
      <AppProviders config={config} store={store}>
        <AppRouter>
          <RouterSide bridge={bridge} />
          <AppRoutes />
        </AppRouter>
      </AppProviders>
    </StrictMode>,
  );
}

/**
 * What follows the router beside the pages: the redirect bridge's navigator (its in-app redirects
 * wait for it) and the query-string listener.
 */
function RouterSide({ bridge }: { bridge: RedirectBridge }) {
  const navigate = useNavigate();
  useEffect(() => bridge.attachNavigator((to, options) => void navigate(to, options)), [bridge, navigate]);
  useQueryStringListener();
  return null;
}

/**
 * The first render, urgent rather than a transition, so React does not hold it back. Under the data
 * router it once was a transition that yielded midway: the route's module arrived then, and about a
 * third of page loads stayed on "Loading..." for good (the journeys' intermittent failures). A lazy
 * page whose module arrives while this render is under way shows once it is in.
 */
export function renderFirst(root: Root, app: ReactNode): void {
  root.render(app);
}
