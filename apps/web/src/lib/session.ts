import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from './paths';
import { storeSource, type ProductTenant, type ProductUser } from '../product';
import { useActiveTenant, useAuthState, useHostedLogin } from '../sdk';
import { session as sessionStorage } from './storage';

/**
 * The login gate (SPEC section 2, redirect screen): keep the signup source the visitor came
 * with, then load the login page afresh.
 */
export function redirectToLogin(search: string): void {
  storeSource(new URLSearchParams(search).get('source'), sessionStorage);
  window.location.assign(paths.login);
}

export type SessionView =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'signedIn'; user: ProductUser; tenant: ProductTenant | null };

/**
 * The signed-in user for pages that require one. Anonymous visitors are sent through the
 * login gate; callers show the loading placeholder until `signedIn`.
 */
export function useRequiredSession(): SessionView {
  const { isLoading, isAuthenticated, user } = useAuthState();
  const tenant = useActiveTenant();
  const { search } = useLocation();
  const { isHosted, signIn } = useHostedLogin();
  const anonymous = !isLoading && (!isAuthenticated || !user);

  useEffect(() => {
    if (!anonymous) return;
    if (isHosted) {
      // Hosted login: off to /oauth/authorize (after a silent try), keeping the source like the embedded gate.
      storeSource(new URLSearchParams(search).get('source'), sessionStorage);
      signIn();
    } else {
      redirectToLogin(search);
    }
  }, [anonymous, search, isHosted, signIn]);

  if (isLoading) return { status: 'loading' };
  if (anonymous || !user) return { status: 'anonymous' };
  return { status: 'signedIn', user, tenant };
}
