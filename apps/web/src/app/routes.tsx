import { lazy, type ComponentType } from 'react';
import { paths } from '../lib/paths';
import { isPathAt, useLocation } from './navigation';

// Every page but the login page, which src/app/router.tsx renders itself: this table loads with the
// first other page, not with the login page (issue 17). The login box's pages are matched here, without
// react-router and Mantine's provider, which the other pages' table brings (./product-routes.tsx).

/** A page whose component comes from its own chunk. */
function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => ({ default: await load() }));
}

/** The login box's pages, each at its fixed path (matched as react-router would: any case, trailing slash). */
const accountPages: Array<[path: string, Page: ComponentType]> = [
  [
    paths.signUp,
    lazyPage(() => import('./sign-up-with-social-logins').then((m) => m.SignUpWithSocialLogins)),
  ],
  // The MFA steps' module, which the login page's MFA steps load too: plain elements, no Mantine provider.
  [paths.stepUp, lazyPage(() => import('../features/mfa/step-up-page').then((m) => m.StepUpPage))],
  [
    paths.magicLink,
    lazyPage(() => import('../features/passwordless/magic-link-page').then((m) => m.MagicLinkPage)),
  ],
  // Each activation page from its own module: the link's page does without the code's input.
  [paths.activate, lazyPage(() => import('../features/activate/activate-page').then((m) => m.ActivatePage))],
  [
    paths.activateWithCode,
    lazyPage(() =>
      import('../features/activate/activate-with-code-page').then((m) => m.ActivateWithCodePage),
    ),
  ],
  [paths.logout, lazyPage(() => import('../features/logout').then((m) => m.LogoutPage))],
  [
    paths.forgotPassword,
    lazyPage(() => import('../features/forgot-password').then((m) => m.ForgotPasswordPage)),
  ],
  [
    paths.resetPassword,
    lazyPage(() => import('../features/reset-password').then((m) => m.ResetPasswordPage)),
  ],
  [
    paths.resetPhoneNumber,
    lazyPage(() => import('../features/reset-phone-number').then((m) => m.ResetPhoneNumberPage)),
  ],
  [paths.unlock, lazyPage(() => import('../features/unlock').then((m) => m.UnlockPage))],
  [paths.revertEmail, lazyPage(() => import('../features/revert-email').then((m) => m.RevertEmailPage))],
  [
    paths.acceptInvitation,
    lazyPage(() => import('../features/accept-invitation').then((m) => m.AcceptInvitationPage)),
  ],
  [
    paths.acceptInvitationWithCode,
    lazyPage(() => import('../features/accept-invitation').then((m) => m.AcceptInvitationWithCodePage)),
  ],
  [paths.impersonate, lazyPage(() => import('../features/impersonate').then((m) => m.ImpersonatePage))],
];

const ProductPages = lazy(() => import('./product-routes').then((m) => ({ default: m.ProductPages })));

/** The page for the current address, which is not the login page's. */
export function OtherPages() {
  const { pathname } = useLocation();
  const Page = accountPages.find(([path]) => isPathAt(path, pathname))?.[1] ?? ProductPages;
  return <Page />;
}
