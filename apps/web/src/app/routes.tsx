import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { adminSectionRoutes, adminSections } from './admin-sections';
import { paths } from '../lib/paths';

// Every page but the login page, which src/app/router.tsx renders itself: this table, with the lists of
// chunks each page's import preloads, loads with the first other page, not with the login page (issue 17).

/** A route whose component comes from its own chunk. */
function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'element'> {
  const Page = lazy(async () => ({ default: await load() }));
  return { element: <Page /> };
}

// Issue 13: the three pages identity providers send the browser back to share one chunk and one import.
const ssoCallbacks = () => import('../features/sso-callbacks');

const redirectScreen = lazyPage(() => import('../features/redirect').then((m) => m.RedirectPage));

const routes: RouteObject[] = [
  { index: true, ...redirectScreen },
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
    ...lazyPage(() => import('../features/accept-invitation').then((m) => m.AcceptInvitationWithCodePage)),
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
        ...lazyPage(async () => {
          const { TrialPage } = await import('../features/trial');
          return () => <TrialPage status="started" />;
        }),
      },
      {
        path: paths.trialEnded,
        ...lazyPage(async () => {
          const { TrialPage } = await import('../features/trial');
          return () => <TrialPage status="ended" />;
        }),
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
    ...lazyPage(async () => {
      // Issue 14: the header's notifications bell is a feature of its own, composed here.
      const [{ AdminPortalLayout }, { NotificationsBell }] = await Promise.all([
        import('../features/admin/portal'),
        import('../features/admin/notifications'),
      ]);
      return () => <AdminPortalLayout sections={adminSections} headerActions={<NotificationsBell />} />;
    }),
    children: [
      {
        index: true,
        ...lazyPage(async () => {
          const { AdminPortalIndex } = await import('../features/admin/portal');
          return () => <AdminPortalIndex sections={adminSections} />;
        }),
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
];

/** The page for the current address, which is not the login page's. */
export function OtherPages() {
  return useRoutes(routes);
}
