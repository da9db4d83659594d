import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { UnlockPage } from './unlock-page';

const sdk = vi.hoisted(() => ({
  unlock: vi.fn(),
  succeeded: false,
  error: null as string | null,
}));

vi.mock('../../sdk', () => ({
  useUnlockAccount: () => ({
    loading: false,
    error: sdk.error,
    succeeded: sdk.succeeded,
    unlock: sdk.unlock,
  }),
}));

beforeEach(() => {
  vi.clearAllMocks();
  sdk.succeeded = false;
  sdk.error = null;
});

describe('unlock page', () => {
  it('posts the token of the link once', () => {
    renderScreen(<UnlockPage />, { route: '/account/unlock?token=abc' });
    expect(sdk.unlock).toHaveBeenCalledTimes(1);
    expect(sdk.unlock).toHaveBeenCalledWith('abc');
  });

  it('without a token offers Login and Contact Support', () => {
    renderScreen(<UnlockPage />, { route: '/account/unlock' });
    expect(sdk.unlock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Unlock link is invalid or expired');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@brizo.test',
    );
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows success while the store waits 5 s before the login page', () => {
    sdk.succeeded = true;
    renderScreen(<UnlockPage />, { route: '/account/unlock?token=abc' });
    expect(screen.getByRole('status')).toHaveTextContent(/Your account is unlocked/);
  });
});
