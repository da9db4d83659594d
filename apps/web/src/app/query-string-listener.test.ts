import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberQueryString } from '../product';
import { listenForQueryStrings } from './query-string-listener';

afterEach(() => localStorage.clear());

function setup(initial: string) {
  const router = createMemoryRouter([{ path: '*', Component: () => null }], { initialEntries: [initial] });
  const loadRules = vi.fn(async () => ({ rememberQueryString }));
  const stop = listenForQueryStrings(router, loadRules);
  return { router, loadRules, stop };
}

describe('listenForQueryStrings', () => {
  it('saves the query string of the first page and of later navigations where SPEC asks', async () => {
    const { router, stop } = setup('/olo?utm_source=mail');
    await vi.waitFor(() => expect(localStorage.getItem('bfmQueryString')).toBe('?utm_source=mail'));

    await router.navigate('/account/sign-up?utm_campaign=spring');
    await vi.waitFor(() => expect(localStorage.getItem('bfmQueryString')).toBe('?utm_campaign=spring'));

    // Account pages other than sign-up are not stored.
    await router.navigate('/account/login?utm_campaign=other');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem('bfmQueryString')).toBe('?utm_campaign=spring');
    stop();
  });

  it('does not load the rules while no address carries a query string', async () => {
    const { router, loadRules, stop } = setup('/account/login');
    await router.navigate('/account/forget-password');
    expect(loadRules).not.toHaveBeenCalled();
    stop();
  });
});
