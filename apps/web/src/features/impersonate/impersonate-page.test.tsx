import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { ImpersonatePage } from './impersonate-page';

const sdk = vi.hoisted(() => ({
  auth: { isLoading: false, isAuthenticated: true, user: null },
  impersonation: {
    canImpersonate: true,
    impersonate: vi.fn(),
    loadImpersonatedSession: vi.fn(),
    step: 'impersonating' as string,
    error: null as string | null,
  },
}));

vi.mock('../../sdk', () => ({
  useAuthState: () => sdk.auth,
  useImpersonation: () => sdk.impersonation,
}));

beforeEach(() => {
  vi.clearAllMocks();
  sdk.auth = { isLoading: false, isAuthenticated: true, user: null };
  sdk.impersonation.canImpersonate = true;
  sdk.impersonation.step = 'impersonating';
});

describe('impersonate page', () => {
  it('starts the impersonation of the user in the link once', () => {
    renderScreen(<ImpersonatePage />, { route: '/account/impersonate?userId=u-1' });
    expect(sdk.impersonation.impersonate).toHaveBeenCalledWith('u-1');
    expect(screen.getByText('Starting the impersonation...')).toBeInTheDocument();
  });

  // Regression (issue 3, impersonation journey): the impersonated session loading in after success
  // replaced the success text with a loading screen before it was ever painted.
  it('keeps the success text while the impersonated session loads and replaces the superuser', () => {
    sdk.impersonation.step = 'success';
    sdk.impersonation.canImpersonate = false;
    sdk.auth = { isLoading: true, isAuthenticated: true, user: null };
    renderScreen(<ImpersonatePage />, { route: '/account/impersonate?userId=u-1' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are now signed in as this user. Redirecting...',
    );
    expect(sdk.impersonation.loadImpersonatedSession).toHaveBeenCalledTimes(1);
  });
});
