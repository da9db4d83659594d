import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSections } from '../../../app/admin-sections';
import { publishFeatureFlags } from '../../../sdk/hooks/feature-flags';
import { renderScreen } from '../../../testing/render';
import { AdminPortalLayout } from './admin-portal-layout';

vi.mock('../../../lib/session', () => ({
  useRequiredSession: () => ({
    status: 'signedIn',
    user: { id: 'u1', email: 'admin@acme.test', permissions: [], superUser: true },
    tenant: { tenantId: 't1', name: 'Acme' },
  }),
}));
// The section's page itself is not under test: what the layout puts around it is.
vi.mock('../../../components/reauthentication', () => ({
  ReauthenticationProvider: ({ children }: { children: ReactNode }) => children,
}));
vi.mock('../../../sdk/admin/portal', () => ({
  useAdminBoxConfiguration: () => ({ status: 'ready', configuration: {} }),
  usePreviewMode: () => false,
}));

// Issue 15: what the account's plan locks, by navigation permission (the evaluator has its own tests).
const locks = vi.hoisted(() => ({ byPermission: {} as Record<string, string> }));
vi.mock('../../../sdk/hooks/entitlements', () => ({
  usePermissionLock: () => (permission: string | undefined) =>
    (permission && locks.byPermission[permission]) || null,
}));

const groupsLink = () => screen.queryByRole('link', { name: 'Groups' });

describe("the portal's Groups section and its flag (SPEC section 9, issue 15)", () => {
  afterEach(() => {
    publishFeatureFlags(null);
    locks.byPermission = {};
  });

  it("lists Groups while 'groups-admin-box-new' is on (its default)", () => {
    renderScreen(<AdminPortalLayout sections={adminSections} />, { route: '/admin-portal/groups' });
    expect(groupsLink()).toBeInTheDocument();
    expect(screen.queryByText('This section is not available')).toBeNull();
  });

  it('has no Groups section with the flag off, in the navigation nor by address', () => {
    publishFeatureFlags({ 'groups-admin-box-new': 'off' });
    renderScreen(<AdminPortalLayout sections={adminSections} />, { route: '/admin-portal/groups' });
    expect(groupsLink()).toBeNull();
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('This section is not available')).toBeInTheDocument();
  });

  it("marks a section the account's plan lacks as locked, and says why instead of showing it", () => {
    locks.byPermission = { 'fe.secure.read.audits': "This account's plan does not include this feature" };
    renderScreen(<AdminPortalLayout sections={adminSections} />, { route: '/admin-portal/audits' });
    expect(screen.getByRole('link', { name: /Audit logs\s*Locked/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText("This account's plan does not include this feature")).toBeInTheDocument();
  });
});
