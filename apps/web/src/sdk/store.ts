import { createStore, type FronteggStore } from '@frontegg/redux-store';
import { ContextHolder, createApiClient, FeatureFlags } from '@frontegg/rest-api';
import { installMockActions } from 'virtual:brizo-sdk-mocks-slot';
import { publishFeatureFlags } from './hooks/feature-flags';
import type { RedirectOptions } from './redirect-bridge';
import { session } from '../lib/storage';
import { OAUTH_STATE_KEY } from './oauth-state-key';
import { hasSessionPresence, skipRefreshWithoutSession } from './session-presence';
import { withSignInCallbackHold } from './sign-in-callback-hold';

// The one place that creates and starts the Frontegg store, without @frontegg/react or
// @frontegg/js (they pull CDN loaders: ARCHITECTURE.md).

export const APP_NAME = 'default';

export interface SdkOptions {
  /** API origin; the SDK adds /frontegg. */
  baseUrl: string;
  clientId?: string;
  /** Every auth route of the app (loginUrl, signUpUrl, ...), overriding the SDK defaults. */
  routes: Record<string, string>;
  onRedirectTo: (path: string, opts?: RedirectOptions) => void;
  /** The store's mock mode: every action answers from local mock data, no server calls. */
  previewMode?: boolean;
  /** Hosted login (SPEC section 7): sign in through the identity server's /oauth/authorize with PKCE. */
  hostedLogin?: boolean;
  /** Other sites a login redirectUrl may lead to; same-site enforcement is always on (SPEC section 5). */
  allowedRedirectOrigins?: string[];
}

export type BrizoStore = FronteggStore;

/**
 * Loads the store's mock actions (a chunk of their own, see vite.config.ts) into the slot the store
 * reads them from. Call before creating a store with previewMode on.
 */
export async function loadPreviewMocks(): Promise<void> {
  const { default: buildMockActions } = await import('@frontegg/redux-store/mocks');
  installMockActions(buildMockActions);
}

export function createBrizoStore({
  baseUrl,
  clientId,
  routes,
  onRedirectTo: redirect,
  previewMode = false,
  hostedLogin = false,
  allowedRedirectOrigins = [],
}: SdkOptions) {
  // Issue 13: on the pages identity providers return to, the page lets the store's redirects go (./sign-in-callback-hold.ts).
  const onRedirectTo = withSignInCallbackHold(
    hostedLogin ? withOAuthState(redirect) : redirect,
    [routes.samlCallbackUrl, routes.oidcRedirectUrl, routes.socialLoginCallbackUrl],
    window.location.pathname,
  );
  const store = createStore({
    name: APP_NAME,
    context: { baseUrl, clientId },
    // An explicit holder, so the store is never parked on (or read back from) `window.store`.
    storeHolder: {},
    previewMode,
    initialState: {
      auth: {
        // Embedded: our own login box renders every step. Hosted: the app signs in through
        // /oauth/authorize, whose login box (the embedded one, at the identity origin) comes back with a code.
        hostedLoginBox: hostedLogin,
        // The SDK then follows a redirectUrl only to this origin or an allowed one (SPEC section 5).
        enforceRedirectToSameSite: true,
        allowedRedirectOrigins,
        onRedirectTo,
        routes,
      },
    },
  });
  // The store's state is a tree of proxies whose parent learns of a child's change only while someone
  // watches the parent. A part nobody watched at that moment (a screen had just unmounted, or React's
  // StrictMode remounted it) kept its old version, and the next screen to watch it read the state as it
  // was before the change: the login box showed no phone option under the SmsCode strategy in about one
  // page load in four. One watcher on the whole state, for the store's lifetime, keeps every part
  // connected.
  store.subscribe(() => undefined);
  // Signed out, the start-up refresh is answered without a request (./session-presence.ts).
  if (!previewMode && clientId) skipRefreshWithoutSession(clientId);
  // Some flows (activation, logout helpers) redirect through the context holder rather than
  // the store's onRedirectTo: both must go through the same bridge.
  ContextHolder.for(APP_NAME).setOnRedirectTo(onRedirectTo);
  // The store's reset (logout) restores a JSON copy of the initial auth state: functions do not survive
  // it, so onRedirectTo became undefined and the next sign-in's navigation threw (a passkey sign-in after
  // logging out in the same tab logged 'c is not a function' and skipped its callback).
  const actions = store.actions as { resetAuthState: (state?: object) => void };
  const resetAuthState = actions.resetAuthState;
  actions.resetAuthState = (state) => {
    resetAuthState(state);
    store.getState().auth.onRedirectTo = onRedirectTo;
  };
  return store;
}

/**
 * Hosted login: every redirect to /oauth/authorize carries a random `state` this tab remembers; the
 * callback must bring it back (./oauth-state.ts). The SDK sends PKCE but no state.
 */
function withOAuthState(redirect: SdkOptions['onRedirectTo']): SdkOptions['onRedirectTo'] {
  return (path, opts) => {
    let target = path;
    if (/\/oauth\/authorize\?/.test(path) && !/[?&]state=/.test(path)) {
      const state = crypto.randomUUID();
      session.setItem(OAUTH_STATE_KEY, state);
      target = `${path}&state=${state}`;
    }
    redirect(target, opts);
  };
}

let flagsRequest = 0;

/** GET /flags into the SDK's flags and the screens' (./hooks/feature-flags.ts); the latest call wins. */
function loadFeatureFlags(): Promise<void> {
  const request = ++flagsRequest;
  return createApiClient(APP_NAME)
    .featureFlags.loadFeatureFlags()
    .then((loaded) => {
      if (request !== flagsRequest) return;
      FeatureFlags.set(loaded, APP_NAME);
      // The screens hide what a flag turns off (temporary users, restriction tabs, groups, passkeys).
      publishFeatureFlags(loaded as Record<string, unknown>);
    });
}

const sessionKey = (store: BrizoStore): string => {
  const { isAuthenticated, user } = store.getState().auth;
  return isAuthenticated && user ? `${user.id}/${user.tenantId}` : '';
};

/**
 * Issue 15: the server evaluates the flags for its caller (user, account), and the start-up load goes out
 * before the session refresh, as nobody. They load again whenever who is signed in changes: the refresh
 * or a sign-in bringing a user, a tenant switch, a logout.
 */
export function reloadFlagsOnSessionChange(store: BrizoStore): () => void {
  if (store.getState().root.previewMode) return () => undefined;
  let last = sessionKey(store);
  return store.subscribe(() => {
    const key = sessionKey(store);
    if (key === last) return;
    last = key;
    // A failed reload keeps the flags already loaded.
    loadFeatureFlags().catch((error: unknown) => console.error('Failed to reload feature flags', error));
  });
}

/**
 * Loads the feature flags the store's flows consult and asks the store to authorize: refresh the
 * session from the cookie and load the public login configuration.
 */
export async function startSdk(
  store: BrizoStore,
  page: { clientId?: string | undefined; signInForm: boolean } = { signInForm: false },
): Promise<void> {
  if (store.getState().root.previewMode) return;
  const flags = loadFeatureFlags().catch((error: unknown) => {
    // Flags only switch optional flows on; sign-in must still work without them.
    console.error('Failed to load feature flags', error);
    FeatureFlags.set({}, APP_NAME);
  });
  const hosted = Boolean(store.getState().auth.hostedLoginBox);
  // On the login and sign-up pages, signed out (no presence cookie), the embedded login's authorization
  // reads no flag: flags are read once a refresh has loaded a user, and by the steps a visitor takes on
  // the form, which shows only after the authorization's requests. There it starts beside the flags,
  // one round trip sooner (issue 10, Lighthouse). Elsewhere, and with a session, it waits for them.
  const withoutFlags =
    page.signInForm && !hosted && page.clientId !== undefined && !hasSessionPresence(page.clientId);
  if (withoutFlags) authorize(store, hosted);
  await flags;
  if (!withoutFlags) authorize(store, hosted);
}

function authorize(store: BrizoStore, hosted: boolean): void {
  if (hosted) {
    // Hosted: the session cookie first (silent authorization); without one the page decides whether to sign in.
    store.dispatch({
      type: 'auth/requestHostedLoginAuthorizeV2',
      payload: { firstTime: true, shouldRedirectToLogin: false },
    });
  } else {
    store.dispatch({ type: 'auth/requestAuthorize', payload: true });
  }
}
