import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FALLBACK_EXPIRES_IN_SECONDS,
  MIN_RENEWAL_DELAY_MS,
  renewalDelayMs,
  startTokenRenewal,
  type SessionSnapshot,
} from './token-renewal';

describe('renewalDelayMs', () => {
  it('renews at 80% of the token lifetime', () => {
    expect(renewalDelayMs(30)).toBe(24_000);
    expect(renewalDelayMs(3600)).toBe(2_880_000);
  });

  it(`falls back to ${FALLBACK_EXPIRES_IN_SECONDS} s when expiresIn is missing or invalid`, () => {
    for (const missing of [undefined, null, 0, -5, Number.NaN]) expect(renewalDelayMs(missing)).toBe(240_000);
  });

  it('leaves at least a few seconds before a short-lived token expires', () => {
    expect(renewalDelayMs(8)).toBe(4_000);
    expect(renewalDelayMs(15)).toBe(11_000);
  });

  it('never schedules a tight loop', () => {
    expect(renewalDelayMs(1)).toBe(MIN_RENEWAL_DELAY_MS);
  });
});

/** A tiny stand-in for the store: a session and change listeners. */
function fakeStore(initial: SessionSnapshot | null) {
  let session = initial;
  const listeners = new Set<() => void>();
  return {
    getSession: () => session,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: SessionSnapshot | null) {
      session = next;
      listeners.forEach((listener) => listener());
    },
    listenerCount: () => listeners.size,
  };
}

describe('startTokenRenewal', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('renews before the token expires, then again for each new token', async () => {
    const store = fakeStore({ accessToken: 'a', expiresIn: 30 });
    const renew = vi.fn(async () => store.set({ accessToken: 'b', expiresIn: 60 }));
    const renewal = startTokenRenewal({ ...store, renew });

    expect(renewal.msUntilRenewal()).toBe(24_000);
    await vi.advanceTimersByTimeAsync(23_999);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);

    // The new token lives 60 s: the next renewal is 48 s later.
    expect(renewal.msUntilRenewal()).toBe(48_000);
    await vi.advanceTimersByTimeAsync(48_000);
    expect(renew).toHaveBeenCalledTimes(2);
    renewal.stop();
  });

  it('uses the 300 s fallback when the login response has no expiresIn', async () => {
    const store = fakeStore({ accessToken: 'a' });
    const renew = vi.fn();
    startTokenRenewal({ ...store, renew });
    await vi.advanceTimersByTimeAsync(239_999);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('stops when the session ends (logout or failed refresh) and restarts on sign-in', async () => {
    const store = fakeStore(null);
    const renew = vi.fn();
    const renewal = startTokenRenewal({ ...store, renew });
    expect(renewal.msUntilRenewal()).toBeNull();

    store.set({ accessToken: 'a', expiresIn: 30 });
    expect(renewal.msUntilRenewal()).toBe(24_000);

    store.set(null);
    expect(renewal.msUntilRenewal()).toBeNull();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(renew).not.toHaveBeenCalled();
  });

  it('after a failed refresh (the store clears the user) schedules nothing more', async () => {
    const store = fakeStore({ accessToken: 'a', expiresIn: 10 });
    const renew = vi.fn(async () => store.set(null));
    const renewal = startTokenRenewal({ ...store, renew });
    await vi.advanceTimersByTimeAsync(8_000);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(renewal.msUntilRenewal()).toBeNull();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('retries later when a renewal leaves the same token in place', async () => {
    const store = fakeStore({ accessToken: 'a', expiresIn: 10 });
    const renew = vi.fn(async () => {});
    startTokenRenewal({ ...store, renew });
    await vi.advanceTimersByTimeAsync(8_000);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('checkNow renews at once when the due time passed while timers were throttled', async () => {
    let now = 0;
    const store = fakeStore({ accessToken: 'a', expiresIn: 30 });
    const renew = vi.fn();
    const renewal = startTokenRenewal({
      ...store,
      renew,
      now: () => now,
      setTimer: () => 1,
      clearTimer: () => {},
    });
    renewal.checkNow();
    expect(renew).not.toHaveBeenCalled();
    now = 25_000;
    renewal.checkNow();
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('stop() unsubscribes and cancels the timer', async () => {
    const store = fakeStore({ accessToken: 'a', expiresIn: 30 });
    const renew = vi.fn();
    const renewal = startTokenRenewal({ ...store, renew });
    renewal.stop();
    expect(store.listenerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(renew).not.toHaveBeenCalled();
  });
});
