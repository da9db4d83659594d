import { LoginStep } from '@frontegg/redux-store';
import { useAuth, useAuthActions, useLoginActions, useLoginState } from '@frontegg/react-hooks';
import { ContextHolder, createApiClient } from '@frontegg/rest-api';
import { useMemo } from 'react';
import { APP_NAME } from '../store';
import { releaseSignInCallbackHold } from '../sign-in-callback-hold';
import { describeError } from './types';

// Issue 13: the pages SAML and OpenID Connect identity providers send the browser back to
// (features/sso-callbacks). Imported by those lazily loaded pages only (login page bundle budget).
// They read the store through the hooks the login page already uses (useAuth, useAuthActions, ...): the
// login page's chunk holds the whole of @frontegg/react-hooks (vite.config.ts), so any other hook a lazy
// screen calls is carried by the login page (useSocialLoginState and useOnRedirectTo cost it 0.05 kB).

/** SPEC section 4 "Login flow": after a failed SSO post-login, the authenticated URL follows after 1 s. */
export const SSO_FAILED_REDIRECT_MS = 1000;

export type OidcOutcome =
  | { kind: 'signed-in' }
  /** The SSO section's live test: nobody was signed in; the report is the server's. */
  | { kind: 'test-report'; reportId: string }
  | { kind: 'failed'; message: string | null };

export interface OidcAnswer {
  code: string;
  state: string;
  /** RFC 9207: the issuer the authorization response names, checked by the server. */
  iss: string | null;
}

const isTestReport = (answer: unknown): answer is { testReportId: string; succeeded: boolean } =>
  typeof answer === 'object' &&
  answer !== null &&
  'testReportId' in answer &&
  typeof answer.testReportId === 'string' &&
  answer.testReportId !== '';

/**
 * What the SSO callback pages need: whether the store has read the session yet, the login step (the
 * store's loginWithSSOFailed), and the post-login calls.
 */
export function useSsoCallback() {
  const isLoading = useAuth((auth) => auth.isLoading);
  const isAuthenticated = useAuth((auth) => auth.isAuthenticated);
  const routes = useAuth((auth) => auth.routes);
  const onRedirectTo = useAuth((auth) => auth.onRedirectTo);
  const { step } = useLoginState();
  const login = useLoginActions();
  const auth = useAuthActions();

  return useMemo(() => {
    /** The store's step loginWithSSOFailed, then the authenticated URL after 1 s, as the store does. */
    const fail = () => {
      login.setLoginState({ step: LoginStep.loginWithSSOFailed, loading: false });
      setTimeout(() => onRedirectTo(routes.authenticatedUrl), SSO_FAILED_REDIRECT_MS);
    };
    return {
      /** Until the store has read the session, a post-login answer could be overwritten by its refresh. */
      isReady: !isLoading,
      isAuthenticated,
      failed: step === LoginStep.loginWithSSOFailed,
      /** The page has read the session: the store's redirects go through again (../sign-in-callback-hold.ts). */
      releaseRedirects: releaseSignInCallbackHold,
      fail,
      /**
       * SAML (POST /identity/resources/auth/v1/user/saml/postlogin): the server's one-time code stands
       * for the validated assertion. The store lands the user, or shows loginWithSSOFailed and redirects.
       */
      completeSaml: (answer: { code: string; relayState: string }) =>
        login.postLogin({ RelayState: answer.relayState, SAMLResponse: answer.code }),
      /**
       * OpenID Connect (POST /identity/resources/auth/v2/user/oidc/postlogin) through the client itself:
       * the store's oidcPostlogin drops `iss`. Then the session is refreshed as that action does, and
       * the store lands the user.
       */
      completeOidc: async (answer: OidcAnswer): Promise<OidcOutcome> => {
        // Not a literal: the client's type does not list `iss`, which it passes on as is.
        const body = {
          code: answer.code,
          RelayState: answer.state,
          redirectUri: `${window.location.origin}${routes.oidcRedirectUrl}`,
          ...(answer.iss ? { iss: answer.iss } : {}),
        };
        let reply: unknown;
        try {
          reply = await createApiClient(APP_NAME).auth.oidcPostLoginV2(body);
        } catch (error) {
          fail();
          return { kind: 'failed', message: describeError(error) };
        }
        if (isTestReport(reply)) return { kind: 'test-report', reportId: reply.testReportId };
        await (auth as { __refreshToken: () => Promise<void> }).__refreshToken();
        // The store's refresh keeps its failures to itself: no access token afterwards means no session.
        if (!ContextHolder.for(APP_NAME).getAccessToken()) {
          fail();
          return { kind: 'failed', message: null };
        }
        return { kind: 'signed-in' };
      },
    };
  }, [isLoading, isAuthenticated, step, routes, onRedirectTo, login, auth]);
}
