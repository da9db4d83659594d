import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFeatureOn, publishFeatureFlags } from './hooks/feature-flags';
import { reloadFlagsOnSessionChange, type BrizoStore } from './store';

/** The part of the store the reload watches: who is signed in, and a way to hear of changes. */
function fakeStore() {
  const listeners = new Set<() => void>();
  const state = {
    root: { previewMode: false },
    auth: { isAuthenticated: false, user: null as { id: string; tenantId: string } | null },
  };
  const store = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as BrizoStore;
  const become = (user: { id: string; tenantId: string } | null) => {
    state.auth = { isAuthenticated: user !== null, user };
    for (const listener of listeners) listener();
  };
  return { store, become };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('flags per caller (issue 15)', () => {
  const realFetch = window.fetch;
  afterEach(() => {
    window.fetch = realFetch;
    publishFeatureFlags(null);
  });

  it('loads the flags again after sign-in, a tenant switch and a logout, not on other changes', async () => {
    let answer: Record<string, string> = {};
    const fetch = vi.fn(() => Promise.resolve(Response.json(answer)));
    window.fetch = fetch;
    const { store, become } = fakeStore();
    const stop = reloadFlagsOnSessionChange(store);

    answer = { 'temporary-users': 'off' };
    become({ id: 'u1', tenantId: 't1' });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isFeatureOn('temporary-users')).toBe(false);

    become({ id: 'u1', tenantId: 't1' });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);

    answer = { 'temporary-users': 'on' };
    become({ id: 'u1', tenantId: 't2' });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(isFeatureOn('temporary-users')).toBe(true);

    become(null);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(3);
    stop();
  });

  it('keeps the flags it has when a reload fails', async () => {
    publishFeatureFlags({ 'groups-admin-box-new': 'off' });
    window.fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 500 })));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, become } = fakeStore();
    const stop = reloadFlagsOnSessionChange(store);
    become({ id: 'u1', tenantId: 't1' });
    await settle();
    expect(isFeatureOn('groups-admin-box-new')).toBe(false);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    stop();
  });
});
