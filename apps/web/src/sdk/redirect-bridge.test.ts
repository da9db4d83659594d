import { describe, expect, it, vi } from 'vitest';
import { createRedirectBridge, decideRedirect } from './redirect-bridge';

describe('decideRedirect', () => {
  it('follows in-app paths with the router', () => {
    expect(decideRedirect('/', undefined, '')).toEqual({ kind: 'router', to: '/', replace: false });
    expect(decideRedirect('/account/login', { replace: true }, '')).toEqual({
      kind: 'router',
      to: '/account/login',
      replace: true,
    });
  });

  it('loads the page for refresh requests and absolute addresses', () => {
    expect(decideRedirect('/account/login', { refresh: true }, '')).toEqual({
      kind: 'document',
      url: '/account/login',
    });
    expect(decideRedirect('https://idp.example.test/sso', undefined, '')).toEqual({
      kind: 'document',
      url: 'https://idp.example.test/sso',
    });
  });

  it('loads the page for server paths, such as the login box returning to /oauth/authorize (issue 3)', () => {
    expect(decideRedirect('/frontegg/oauth/authorize?client_id=x', undefined, '')).toEqual({
      kind: 'document',
      url: '/frontegg/oauth/authorize?client_id=x',
    });
  });

  it('keeps the current query string when asked to', () => {
    expect(decideRedirect('/account/login', { preserveQueryParams: true }, '?tenantId=t1')).toMatchObject({
      to: '/account/login?tenantId=t1',
    });
    expect(decideRedirect('/account/login?x=1', { preserveQueryParams: true }, '?tenantId=t1')).toMatchObject(
      {
        to: '/account/login?x=1',
      },
    );
  });
});

describe('createRedirectBridge', () => {
  const fakeWindow = () => ({ location: { search: '', assign: vi.fn() } }) as unknown as Window;

  it('navigates through the attached router', () => {
    const win = fakeWindow();
    const bridge = createRedirectBridge(win);
    const navigate = vi.fn();
    bridge.attachNavigator(navigate);
    bridge.onRedirectTo('/trial-started');
    expect(navigate).toHaveBeenCalledWith('/trial-started', { replace: false });
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it("issue 13: the SSO pre-login's identity provider address is a full navigation away from the app", () => {
    const win = fakeWindow();
    const bridge = createRedirectBridge(win);
    const navigate = vi.fn();
    bridge.attachNavigator(navigate);
    // What the store calls 2000 ms after redirectToSSO.
    bridge.onRedirectTo('https://idp.acme.test/app/sso/saml?SAMLRequest=abc&RelayState=r1', {
      refresh: true,
    });
    expect(win.location.assign).toHaveBeenCalledWith(
      'https://idp.acme.test/app/sso/saml?SAMLRequest=abc&RelayState=r1',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('holds an in-app redirect requested before the router is attached, the latest one', () => {
    const win = fakeWindow();
    const bridge = createRedirectBridge(win);
    bridge.onRedirectTo('/');
    bridge.onRedirectTo('/account/login', { replace: true });
    expect(win.location.assign).not.toHaveBeenCalled();
    const navigate = vi.fn();
    bridge.attachNavigator(navigate);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/account/login', { replace: true });
  });

  it('loads the page for full navigations, router or not', () => {
    const win = fakeWindow();
    const bridge = createRedirectBridge(win);
    bridge.onRedirectTo('https://app.example.test/');
    expect(win.location.assign).toHaveBeenCalledWith('https://app.example.test/');
    const navigate = vi.fn();
    bridge.attachNavigator(navigate);
    bridge.onRedirectTo('/account/login', { refresh: true });
    expect(win.location.assign).toHaveBeenLastCalledWith('/account/login');
    expect(navigate).not.toHaveBeenCalled();
  });
});
