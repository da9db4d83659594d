import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { SsoTestCompletePage } from './sso-test-complete-page';

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
});

describe('the SSO live test page', () => {
  it('tells the portal that opened it which report to show, to its own origin only, then closes', async () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderScreen(<SsoTestCompletePage />, { route: '/account/sso/test-complete?reportId=r1' });

    expect(screen.getByRole('status')).toHaveTextContent('Test finished. You can close this window.');
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'brizo-sso-test', reportId: 'r1' },
      window.location.origin,
    );
    await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: 4_000 });
  });

  it('opened on its own, posts nothing and stays open', () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderScreen(<SsoTestCompletePage />, { route: '/account/sso/test-complete?reportId=r1' });
    expect(screen.getByRole('status')).toHaveTextContent('see the result in the SSO section');
    expect(close).not.toHaveBeenCalled();
  });

  it('without a report says there is no test to finish', () => {
    renderScreen(<SsoTestCompletePage />, { route: '/account/sso/test-complete' });
    expect(screen.getByText('No test to finish')).toBeInTheDocument();
  });
});
