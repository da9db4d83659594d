import { afterEach, describe, expect, it, vi } from 'vitest';
import { presenceCookieName, skipRefreshWithoutSession } from './session-presence';

const REFRESH = 'http://localhost/frontegg/identity/resources/auth/v1/user/token/refresh';

describe('the signed-out start-up refresh (issue 10)', () => {
  const realFetch = window.fetch;
  afterEach(() => {
    window.fetch = realFetch;
    document.cookie.split(';').forEach((pair) => {
      document.cookie = `${pair.split('=')[0]?.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    });
  });

  it('names the presence cookie after the refresh cookie', () => {
    expect(presenceCookieName('b5e6-41a2')).toBe('fe_refresh_b5e641a2_present');
  });

  it('answers the refresh with a 401 without a request while no presence cookie is set', async () => {
    const network = vi.fn(async () => new Response('{}', { status: 200 }));
    window.fetch = network;
    skipRefreshWithoutSession('client-a');
    const answer = await window.fetch(REFRESH, { method: 'POST' });
    expect(answer.status).toBe(401);
    expect(network).not.toHaveBeenCalled();
    // Other calls go through.
    await window.fetch('http://localhost/frontegg/flags');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('sends the refresh when the presence cookie is set (a signed-in reload restores the session)', async () => {
    const network = vi.fn(async () => new Response('{}', { status: 200 }));
    window.fetch = network;
    skipRefreshWithoutSession('client-b');
    document.cookie = `${presenceCookieName('client-b')}=1; path=/`;
    expect((await window.fetch(REFRESH, { method: 'POST' })).status).toBe(200);
    expect(network).toHaveBeenCalledWith(REFRESH, { method: 'POST' });
  });
});
