import { snapshot, subscribe } from '@frontegg/redux-store';
import { describe, expect, it, vi } from 'vitest';
import { OAUTH_STATE_KEY } from './oauth-state-key';
import { createBrizoStore } from './store';

describe('the store (walk-through defects)', () => {
  it("keeps its onRedirectTo through the logout's reset (a passkey sign-in after logout threw)", () => {
    const onRedirectTo = vi.fn();
    const store = createBrizoStore({ baseUrl: 'http://localhost', routes: {}, onRedirectTo });
    store.actions.resetAuthState();
    const redirect = store.getState().auth.onRedirectTo;
    expect(typeof redirect).toBe('function');
    redirect('/app');
    expect(onRedirectTo).toHaveBeenCalledWith('/app');
  });

  it('hosted login: a redirect to /oauth/authorize carries a state this tab remembers; others pass as they are', () => {
    const onRedirectTo = vi.fn();
    const store = createBrizoStore({
      baseUrl: 'http://localhost',
      routes: {},
      onRedirectTo,
      hostedLogin: true,
    });
    const redirect = store.getState().auth.onRedirectTo;
    redirect('http://localhost/frontegg/oauth/authorize?response_type=code&client_id=c', { refresh: true });
    const [url] = onRedirectTo.mock.calls[0] as [string];
    const state = new URL(url).searchParams.get('state');
    expect(state).toBeTruthy();
    expect(sessionStorage.getItem(OAUTH_STATE_KEY)).toBe(state);

    redirect('/account/login');
    expect(onRedirectTo).toHaveBeenLastCalledWith('/account/login', undefined);
  });

  it("a screen's view of the state sees a change made while nothing watched that part of it", () => {
    const store = createBrizoStore({ baseUrl: 'http://localhost', routes: {}, onRedirectTo: vi.fn() });
    const policies = store.getState().auth.securityPolicyState;
    // A screen read the policies and stopped watching them (a page change, StrictMode's second mount)...
    const stopWatching = subscribe(policies, () => undefined);
    expect(snapshot(policies).publicPolicy.policy?.authStrategy).toBeUndefined();
    stopWatching();
    // ...the SDK's start-up loads the vendor's public policy meanwhile...
    Object.assign(policies.publicPolicy, { policy: { authStrategy: 'SmsCode' }, loading: false });
    // ...and the next screen to watch them must see it (the login box showed no phone option).
    subscribe(policies, () => undefined);
    expect(snapshot(policies).publicPolicy.policy?.authStrategy).toBe('SmsCode');
  });
});
