import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  fieldAppearance,
  tabAppearance,
  viewerMay,
  type AdminBoxConfiguration,
  type FieldAppearance,
  type Viewer,
} from '../../lib/admin-portal';

interface AdminPortalContextValue {
  configuration: AdminBoxConfiguration;
  viewer: Viewer;
  /** Preview mode (SPEC section 1): the store answers from mock data, nothing reaches a server. */
  preview: boolean;
}

const AdminPortalContext = createContext<AdminPortalContextValue | null>(null);

export function AdminPortalProvider({
  children,
  ...value
}: AdminPortalContextValue & { children: ReactNode }) {
  const { configuration, viewer, preview } = value;
  const memo = useMemo(() => ({ configuration, viewer, preview }), [configuration, viewer, preview]);
  return <AdminPortalContext.Provider value={memo}>{children}</AdminPortalContext.Provider>;
}

export function useAdminPortal(): AdminPortalContextValue {
  const value = useContext(AdminPortalContext);
  if (!value) throw new Error('useAdminPortal() must be used inside <AdminPortalProvider>');
  return value;
}

/**
 * Whether the viewer holds `permission` (wildcards, superusers pass). The UI hides or disables
 * what this denies; the server refuses it anyway.
 */
export function useCan(permission: string): boolean {
  return viewerMay(useAdminPortal().viewer, permission);
}

/**
 * A field's appearance (hidden, viewOnly or edit) from the vendor's metadata, lowered to viewOnly
 * when the viewer may not change the section (`writePermission`).
 */
export function useFieldAppearance(page: string, field: string, writePermission?: string): FieldAppearance {
  const { configuration, viewer } = useAdminPortal();
  const appearance = fieldAppearance(configuration, page, field);
  if (appearance === 'edit' && writePermission && !viewerMay(viewer, writePermission)) return 'viewOnly';
  return appearance;
}

export function useTabAppearance(page: string, tab: string): 'hidden' | 'edit' {
  return tabAppearance(useAdminPortal().configuration, page, tab);
}
