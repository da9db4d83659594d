import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { adminSectionRoutes, adminSections } from './admin-sections';
import { paths } from '../lib/paths';
import { ReactRouterBridge } from './react-router-bridge';
import { ThemeProvider } from './theme-provider';

// The pages under react-router and Mantine's theme: every page but the login page and the login box's
// pages in ./routes.tsx. This table, react-router and Mantine's provider load with the first of them,
// not with the login box's pages (issue 17).

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

/**
 * The page for the current address, which is none of the login box's. Mantine's theme comes with it:
 * the login box's pages are built from plain elements (src/components/plain-ui.tsx) and need only
 * Mantine's stylesheet, so the theme's provider and the theme merge it runs (about 4 kB of gzip) load
 * with these pages, not with those (issue 17).
 */
export function ProductPages() {
  return (
    <ReactRouterBridge>
      <ThemeProvider>
        <RoutedPage />
      </ThemeProvider>
    </ReactRouterBridge>
  );
}

function RoutedPage() {
  return useRoutes(routes);
}
