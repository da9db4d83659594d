import { AppShell, Anchor, Badge, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { AdminPortalProvider, EmptyState } from '../../../components/admin';
import { BrandWordmark } from '../../../components/brand-wordmark';
import { LoadingScreen } from '../../../components/loading-screen';
import { ReauthenticationProvider } from '../../../components/reauthentication';
import { isSectionVisible, type AdminSection, type Viewer } from '../../../lib/admin-portal';
import { useConfig } from '../../../lib/config';
import { permissionKeys } from '../../../lib/permissions';
import { useRequiredSession } from '../../../lib/session';
import { useFeatureFlags } from '../../../sdk';
import { useAdminBoxConfiguration, usePreviewMode } from '../../../sdk/admin/portal';
import { usePermissionLock } from '../../../sdk/hooks/entitlements';
import { sectionsOn, visibleSections } from './navigation';

/**
 * The admin portal (SPEC section 2 "Admin portal"): the sections this viewer may see in the
 * navigation, the chosen one beside it. A section reached by its address but not visible to the
 * viewer says so instead of rendering; so does one its feature flag has turned off (SPEC section 9),
 * and one the account's plan does not include (issue 15: the vendor's entitlements on, the section's
 * permission linked to a feature the account lacks), which the navigation marks as locked.
 */
export function AdminPortalLayout({
  sections,
  headerActions,
}: {
  sections: readonly AdminSection[];
  /** What the app puts in the header beside the account (issue 14: the notifications bell). */
  headerActions?: ReactNode;
}) {
  const sessionView = useRequiredSession();
  const adminBox = useAdminBoxConfiguration();
  const preview = usePreviewMode();
  const { mainAppUrl } = useConfig();
  const { pathname } = useLocation();
  const [navigationOpened, { toggle: toggleNavigation, close: closeNavigation }] = useDisclosure(false);
  const isFlagOn = useFeatureFlags();
  const permissionLock = usePermissionLock();

  const user = sessionView.status === 'signedIn' ? sessionView.user : null;
  const viewer = useMemo<Viewer>(
    () => ({ permissions: permissionKeys(user?.permissions), superUser: user?.superUser === true }),
    [user],
  );
  if (sessionView.status !== 'signedIn' || adminBox.status !== 'ready') return <LoadingScreen />;

  const { configuration } = adminBox;
  const signedInAs = `${sessionView.tenant?.name ? `${sessionView.tenant.name} · ` : ''}${sessionView.user.email}`;
  const enabled = sectionsOn(sections, isFlagOn);
  const shown = visibleSections(enabled, configuration, viewer);
  const current = sections.find((section) => pathname.startsWith(`${paths.adminPortal}/${section.path}`));
  const switchedOff = current !== undefined && !enabled.includes(current);
  const allowed = !current || isSectionVisible(configuration, current, viewer);
  // A preview shows the portal as configured, not as some account's plan has it.
  const lockOf = (section: AdminSection) => (preview ? null : permissionLock(section.permission));
  const currentLock = current ? lockOf(current) : null;

  return (
    <AdminPortalProvider configuration={configuration} viewer={viewer} preview={preview}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navigationOpened } }}
        padding="lg"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navigationOpened}
                onClick={toggleNavigation}
                hiddenFrom="sm"
                size="sm"
                aria-label="Toggle navigation"
              />
              <BrandWordmark size="md" />
              <Text fw={600} visibleFrom="xs">
                Admin portal
              </Text>
              {preview ? (
                <Text size="xs" c="orange" fw={600}>
                  Preview
                </Text>
              ) : null}
            </Group>
            <Group gap="md" wrap="nowrap">
              {headerActions}
              {/* Issue 15: the vendor's superusers reach their console from here. */}
              {viewer.superUser ? (
                <Anchor component={RouterNavLink} to={paths.console} size="sm">
                  Superuser console
                </Anchor>
              ) : null}
              <Text size="sm" c="dimmed" visibleFrom="sm" truncate="end" maw={320} title={signedInAs}>
                {signedInAs}
              </Text>
              <Anchor href={mainAppUrl} size="sm">
                Back to Brizo FoodMetrics
              </Anchor>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Admin portal sections" component="nav">
          {/* On a phone the header has no room for it: who is signed in heads the opened navigation. */}
          <Text
            size="sm"
            c="dimmed"
            hiddenFrom="sm"
            truncate="end"
            title={signedInAs}
            px="sm"
            pb="xs"
            data-testid="portal-signed-in-as"
          >
            {signedInAs}
          </Text>
          <ScrollArea>
            {shown.map((section) => (
              <NavLink
                key={section.key}
                component={RouterNavLink}
                to={`${paths.adminPortal}/${section.path}`}
                label={section.label}
                rightSection={
                  lockOf(section) ? (
                    <Badge size="xs" variant="light" color="gray">
                      Locked
                    </Badge>
                  ) : null
                }
                onClick={closeNavigation}
                active={current?.key === section.key}
              />
            ))}
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main>
          {switchedOff ? (
            <EmptyState title="This section is not available" />
          ) : allowed && currentLock ? (
            <EmptyState
              title={currentLock}
              description="An account administrator can change the plan to use this section."
            />
          ) : allowed ? (
            // Issue 10: a change refused for an old sign-in asks the user to confirm it is them, then retries.
            <ReauthenticationProvider>
              <Outlet />
            </ReauthenticationProvider>
          ) : (
            <EmptyState
              title="You do not have access to this section"
              description="Ask an administrator of your account for the permission it needs."
            />
          )}
        </AppShell.Main>
      </AppShell>
    </AdminPortalProvider>
  );
}
