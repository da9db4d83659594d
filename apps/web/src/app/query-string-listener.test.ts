import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberQueryString } from '../product';
import { RouterStateFromReactRouter } from './react-router-bridge';
import { useQueryStringListener } from './query-string-listener';

afterEach(() => localStorage.clear());

function setup(initial: string) {
  const loadRules = vi.fn(async () => ({ rememberQueryString }));
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      MemoryRouter,
      { initialEntries: [initial] },
      createElement(RouterStateFromReactRouter, null, children),
    );
  const { result } = renderHook(
    () => {
      useQueryStringListener(loadRules);
      return useNavigate();
    },
    { wrapper },
  );
  const navigate = (to: string) => act(() => void result.current(to));
  return { navigate, loadRules };
}

describe('useQueryStringListener', () => {
  it('saves the query string of the first page and of later navigations where SPEC asks', async () => {
    const { navigate } = setup('/olo?utm_source=mail');
    await vi.waitFor(() => expect(localStorage.getItem('bfmQueryString')).toBe('?utm_source=mail'));

    await navigate('/account/sign-up?utm_campaign=spring');
    await vi.waitFor(() => expect(localStorage.getItem('bfmQueryString')).toBe('?utm_campaign=spring'));

    // Account pages other than sign-up are not stored.
    await navigate('/account/login?utm_campaign=other');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem('bfmQueryString')).toBe('?utm_campaign=spring');
  });

  it('does not load the rules while no address carries a query string', async () => {
    const { navigate, loadRules } = setup('/account/login');
    await navigate('/account/forget-password');
    expect(loadRules).not.toHaveBeenCalled();
  });
});
