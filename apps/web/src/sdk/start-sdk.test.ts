import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFeatureOn, publishFeatureFlags } from './hooks/feature-flags';
import { presenceCookieName } from './session-presence';
import { createBrizoStore, startSdk } from './store';

const FLAGS = '/frontegg/flags';

/** Every request the SDK sends; the flags stay unanswered, so what leaves before them is visible. */
function recordRequests(): string[] {
  const urls: string[] = [];
  window.fetch = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input)).pathname;
    urls.push(url);
    if (url === FLAGS) return new Promise<Response>(() => undefined);
    return Promise.resolve(
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  return urls;
}

function startedStore(clientId: string) {
  return createBrizoStore({
    baseUrl: 'http://localhost',
    clientId,
    routes: {},
    onRedirectTo: () => undefined,
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the SDK start-up order (issue 10)', () => {
  const realFetch = window.fetch;
  afterEach(() => {
    window.fetch = realFetch;
    document.cookie = `${presenceCookieName('start-b')}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  it('issue 10: signed out on the login page, the public login configuration is asked for beside the flags', async () => {
    const urls = recordRequests();
    void startSdk(startedStore('start-a'), { clientId: 'start-a', signInForm: true });
    await settle();
    expect(urls).toContain(FLAGS);
    expect(urls).toContain('/frontegg/identity/resources/configurations/v1/public');
  });

  it('issue 10: with a session (presence cookie), nothing but the flags leaves before they are answered', async () => {
    const urls = recordRequests();
    document.cookie = `${presenceCookieName('start-b')}=1; path=/`;
    void startSdk(startedStore('start-b'), { clientId: 'start-b', signInForm: true });
    await settle();
    expect(urls).toEqual([FLAGS]);
  });

  it('issue 10: on other pages the authorization still waits for the flags', async () => {
    const urls = recordRequests();
    void startSdk(startedStore('start-c'), { clientId: 'start-c', signInForm: false });
    await settle();
    expect(urls).toEqual([FLAGS]);
  });

  it('walk-through: the flags the server serves reach the screens (temporary-users off)', async () => {
    publishFeatureFlags(null);
    expect(isFeatureOn('temporary-users')).toBe(true);
    window.fetch = vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input)).pathname;
      const body = url === FLAGS ? { 'temporary-users': 'off', admin_portal_ip_restrictions: 'on' } : {};
      return Promise.resolve(Response.json(body));
    });
    await startSdk(startedStore('start-flags'), { clientId: 'start-flags', signInForm: false });
    expect(isFeatureOn('temporary-users')).toBe(false);
    expect(isFeatureOn('admin_portal_ip_restrictions')).toBe(true);
    // A flag the server does not name keeps its SPEC default.
    expect(isFeatureOn('admin_portal_domain_restrictions')).toBe(true);
    expect(isFeatureOn('multi-apps-admin-portal')).toBe(false);
    publishFeatureFlags(null);
  });
});
