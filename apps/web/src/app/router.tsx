import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { RouteError } from '../components/route-error';
// The login screen is the critical path: it ships in the entry chunk. Everything else loads lazily.
import { LoginPage } from '../features/login';
import { adminSectionRoutes, adminSections } from './admin-sections';
import { paths } from '../lib/paths';

/** A route whose component comes from its own chunk. */
function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

// Issue 13: the three pages identity providers send the browser back to share one chunk and one import.
const ssoCallbacks = () => import('../features/sso-callbacks');

const redirectScreen = lazyPage(() => import('../features/redirect').then((m) => m.RedirectPage));

export const routes: RouteObject[] = [
  {
    Component: Outlet,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteError,
    children: [
      { index: true, ...redirectScreen },
      { path: paths.login, Component: LoginPage },
      {
        path: paths.magicLink,
        ...lazyPage(() => import('../features/passwordless/magic-link-page').then((m) => m.MagicLinkPage)),
      },
      { path: paths.logout, ...lazyPage(() => import('../features/logout').then((m) => m.LogoutPage)) },
      {
        path: paths.signUp,
        ...lazyPage(() => import('./sign-up-with-social-logins').then((m) => m.SignUpWithSocialLogins)),
      },
      { path: paths.activate, ...lazyPage(() => import('../features/activate').then((m) => m.ActivatePage)) },
      {
        path: paths.activateWithCode,
        ...lazyPage(() => import('../features/activate').then((m) => m.ActivateWithCodePage)),
      },
      {
        path: paths.forgotPassword,
        ...lazyPage(() => import('../features/forgot-password').then((m) => m.ForgotPasswordPage)),
      },
      {
        path: paths.resetPassword,
        ...lazyPage(() => import('../features/reset-password').then((m) => m.ResetPasswordPage)),
      },
      { path: paths.unlock, ...lazyPage(() => import('../features/unlock').then((m) => m.UnlockPage)) },
      {
        path: paths.revertEmail,
        ...lazyPage(() => import('../features/revert-email').then((m) => m.RevertEmailPage)),
      },
      {
        path: paths.impersonate,
        ...lazyPage(() => import('../features/impersonate').then((m) => m.ImpersonatePage)),
      },
      {
        path: paths.acceptInvitation,
        ...lazyPage(() => import('../features/accept-invitation').then((m) => m.AcceptInvitationPage)),
      },
      {
        path: paths.acceptInvitationWithCode,
        ...lazyPage(() =>
          import('../features/accept-invitation').then((m) => m.AcceptInvitationWithCodePage),
        ),
      },
      { path: paths.stepUp, ...lazyPage(() => import('../features/mfa').then((m) => m.StepUpPage)) },
      {
        path: paths.resetPhoneNumber,
        ...lazyPage(() => import('../features/reset-phone-number').then((m) => m.ResetPhoneNumberPage)),
      },
      {
        // Trial and review pages: signed-in only, under the brand header.
        ...lazyPage(() => import('./product-layout').then((m) => m.ProductLayout)),
        children: [
          {
            path: paths.trialStarted,
            lazy: async () => {
              const { TrialPage } = await import('../features/trial');
              return { Component: () => <TrialPage status="started" /> };
            },
          },
          {
            path: paths.trialEnded,
            lazy: async () => {
              const { TrialPage } = await import('../features/trial');
              return { Component: () => <TrialPage status="ended" /> };
            },
          },
          {
            path: paths.underReview,
            ...lazyPage(() => import('../features/under-review').then((m) => m.UnderReviewPage)),
          },
        ],
      },
      { path: paths.olo, ...lazyPage(() => import('../features/olo').then((m) => m.OloPage)) },
      { path: paths.mainApp, ...lazyPage(() => import('../features/main-app').then((m) => m.MainAppPage)) },
      // Issue 15: the superuser console, its own chunk.
      { path: paths.console, ...lazyPage(() => import('../features/console').then((m) => m.ConsolePage)) },
      {
        // The admin portal (issue 4): a layout with the navigation, each section its own chunk.
        path: paths.adminPortal,
        lazy: async () => {
          // Issue 14: the header's notifications bell is a feature of its own, composed here.
          const [{ AdminPortalLayout }, { NotificationsBell }] = await Promise.all([
            import('../features/admin/portal'),
            import('../features/admin/notifications'),
          ]);
          return {
            Component: () => (
              <AdminPortalLayout sections={adminSections} headerActions={<NotificationsBell />} />
            ),
          };
        },
        children: [
          {
            index: true,
            lazy: async () => {
              const { AdminPortalIndex } = await import('../features/admin/portal');
              return { Component: () => <AdminPortalIndex sections={adminSections} /> };
            },
          },
          ...adminSectionRoutes,
        ],
      },
      // Issue 13: where identity providers send the browser back.
      {
        path: paths.samlCallback,
        ...lazyPage(() => ssoCallbacks().then((m) => m.SamlCallbackPage)),
      },
      {
        path: paths.oidcCallback,
        ...lazyPage(() => ssoCallbacks().then((m) => m.OidcCallbackPage)),
      },
      {
        path: paths.socialSuccess,
        ...lazyPage(() => ssoCallbacks().then((m) => m.SocialSuccessPage)),
      },
      {
        path: paths.oauthCallback,
        ...lazyPage(() => import('../features/oauth-callback').then((m) => m.OAuthCallbackPage)),
      },
      {
        // The SSO section's live test ends here, in its own window (issue 13).
        path: paths.ssoTestComplete,
        ...lazyPage(() => import('../features/sso-test-complete').then((m) => m.SsoTestCompletePage)),
      },
      { path: '*', ...redirectScreen },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
