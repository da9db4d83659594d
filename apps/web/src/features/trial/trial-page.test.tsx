import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductUser } from '../../product';
import { resetServerTime } from '../../lib/server-time';
import { renderScreen } from '../../testing/render';
import { TrialPage } from './trial-page';

const trialUser: ProductUser = {
  id: 'user-1',
  email: 'trial@brizo.test',
  name: 'Trial User',
  tenantId: 'tenant-1',
  roles: [{ key: 'bfm-trial' }],
  permissions: [{ key: 'bfm.trial' }, { key: 'bfm.geo.us' }],
  // Expires the day after, at 03:59:59 UTC: 2026-11-23T03:59:59Z.
  vendorMetadata: JSON.stringify({ expiration: '2026-11-22' }),
};

vi.mock('../../sdk', () => ({
  useAuthState: () => ({ isLoading: false, isAuthenticated: true, user: trialUser }),
  useActiveTenant: () => ({ tenantId: 'tenant-1', name: 'Brizo Demo', metadata: null }),
}));

function countdown() {
  return ['days', 'hours', 'minutes'].map((unit) => screen.getByTestId(`countdown-${unit}`).textContent);
}

/** GET /time answers the browser's own time shifted by `aheadMs`: the server's clock. */
function serverClockAhead(aheadMs: number) {
  const fetchTime = vi.fn(async () => Response.json({ now: new Date(Date.now() + aheadMs).toISOString() }));
  vi.stubGlobal('fetch', fetchTime);
  return fetchTime;
}

beforeEach(() => {
  // Only the clock and intervals: Mantine and React schedule with other timers too.
  vi.useFakeTimers({
    now: new Date('2026-11-20T12:00:30Z'),
    toFake: ['Date', 'setInterval', 'clearInterval'],
  });
  resetServerTime();
  serverClockAhead(0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('TrialPage', () => {
  it('started: welcomes the user and counts down to the expiry instant', () => {
    renderScreen(<TrialPage status="started" />, { route: '/trial-started' });

    expect(screen.getByRole('heading', { name: 'Welcome to your free trial' })).toBeInTheDocument();
    expect(screen.getByText('Experience the benefits of using Brizo FoodMetrics.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Brizo FoodMetrics' })).toBeInTheDocument();
    // 2026-11-20 12:00:30 → 2026-11-23 03:59:59 is 2 days 15 h 59 min 29 s.
    expect(countdown()).toEqual(['02', '15', '59']);
    expect(screen.getByRole('timer')).toHaveAccessibleName(
      'Time left in your free trial: 2 days, 15 hours, 59 minutes',
    );
  });

  it('started: refreshes the countdown every 30 seconds', () => {
    renderScreen(<TrialPage status="started" />, { route: '/trial-started' });
    expect(countdown()).toEqual(['02', '15', '59']);

    act(() => vi.advanceTimersByTime(29_000));
    expect(countdown()).toEqual(['02', '15', '59']);

    act(() => vi.advanceTimersByTime(1_000));
    expect(countdown()).toEqual(['02', '15', '58']);

    act(() => vi.advanceTimersByTime(2 * 24 * 60 * 60 * 1000));
    expect(countdown()).toEqual(['00', '15', '58']);
  });

  it('started: counts down by the server clock, not the browser clock', async () => {
    // The server is a day and an hour ahead (a moved dev clock, or a browser clock set wrong).
    const fetchTime = serverClockAhead(25 * 60 * 60 * 1000);
    renderScreen(<TrialPage status="started" />, { route: '/trial-started' });

    await waitFor(() => expect(countdown()).toEqual(['01', '14', '59']));
    expect(fetchTime).toHaveBeenCalledWith('http://localhost:3000/time', expect.anything());
  });

  it('ended: shows zeros, the sales contact and Logout', () => {
    renderScreen(<TrialPage status="ended" />, {
      route: '/trial-ended',
      config: { salesEmail: 'sales@example.test' },
    });

    expect(screen.getByRole('heading', { name: 'End of free trial' })).toBeInTheDocument();
    expect(countdown()).toEqual(['00', '00', '00']);
    expect(screen.getByRole('link', { name: /contact our sales team/i })).toHaveAttribute(
      'href',
      'mailto:sales@example.test',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('started: pushes trial_success_registration once for the user who just verified', () => {
    localStorage.setItem('userVerified', 'trial@brizo.test');
    const { unmount } = renderScreen(<TrialPage status="started" />, { route: '/trial-started' });
    unmount();
    renderScreen(<TrialPage status="started" />, { route: '/trial-started' });

    const entries = (window.__brizoAnalytics as unknown as { entries: { payload: { event?: string } }[] })
      .entries;
    expect(entries.filter((entry) => entry.payload.event === 'trial_success_registration')).toHaveLength(1);
    expect(localStorage.getItem('userVerified')).toBeNull();
  });
});
