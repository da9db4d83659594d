import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { LogoutPage } from './logout-page';

const sdk = vi.hoisted(() => ({
  logout: vi.fn(),
  auth: { isLoading: false, isAuthenticated: true, user: null },
}));
vi.mock('../../sdk', () => ({
  useLogout: () => sdk.logout,
  useHostedLogin: () => ({ isHosted: false }),
  useAuthState: () => sdk.auth,
}));

beforeEach(() => {
  sdk.logout.mockReset();
  sdk.auth = { isLoading: false, isAuthenticated: true, user: null };
});

/** The app's Logout buttons: an in-app navigation to /account/logout. */
function LogoutButton() {
  const navigate = useNavigate();
  useEffect(() => void navigate('/account/logout'), [navigate]);
  return null;
}

// user-event on a busy two-core machine can pass vitest's 5 s default.
describe('logout page (issue 10)', { timeout: 20_000 }, () => {
  it('signs out at once when the app navigates there', async () => {
    renderScreen(
      <Routes>
        <Route path="/app" element={<LogoutButton />} />
        <Route path="/account/logout" element={<LogoutPage />} />
      </Routes>,
      { route: '/app' },
    );
    await vi.waitFor(() => expect(sdk.logout).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('loaded from a link, asks before signing out', async () => {
    renderScreen(<LogoutPage />, { route: '/account/logout' });
    expect(screen.getByRole('heading', { name: 'Sign out of Brizo FoodMetrics?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stay signed in' })).toHaveAttribute('href', '/');
    expect(sdk.logout).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(sdk.logout).toHaveBeenCalledTimes(1);
  });

  it('loaded from a link while signed out, asks nothing', async () => {
    sdk.auth = { isLoading: false, isAuthenticated: false, user: null };
    renderScreen(<LogoutPage />, { route: '/account/logout' });
    await vi.waitFor(() => expect(sdk.logout).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});
