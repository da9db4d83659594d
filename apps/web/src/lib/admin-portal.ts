import {
  sectionVisibilities,
  type AdminSectionKey,
  type SectionVisibility,
} from '@brizo/contract/admin-portal';
import { isOneOf } from '@brizo/contract/enums';
import { grantsPermission } from '@brizo/contract/permissions';
import type { FeatureFlagName } from '../sdk';

// The admin portal's navigation and field rules (SPEC section 2 "Admin portal", section 6), as pure
// functions over the vendor's metadata (GET /metadata?entityName=adminBox) and the user's permissions.

export type FieldAppearance = 'hidden' | 'viewOnly' | 'edit';

export interface AdminSection {
  key: AdminSectionKey;
  label: string;
  /** The route under /admin-portal. */
  path: string;
  /** The navigation permission that shows it when its visibility is byPermissions (SPEC section 6). */
  permission?: string;
  /** The feature flag (SPEC section 9) that, off, takes the section out of the portal, address included. */
  flag?: FeatureFlagName;
}

export type AdminBoxConfiguration = Record<string, unknown>;

export interface Viewer {
  permissions: readonly string[];
  superUser: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function read(configuration: AdminBoxConfiguration, path: readonly string[]): unknown {
  let current: unknown = configuration;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** The section's visibility in the metadata; byPermissions when absent or unknown. */
export function sectionVisibility(
  configuration: AdminBoxConfiguration,
  key: AdminSectionKey,
): SectionVisibility {
  const value = read(configuration, ['navigation', key, 'visibility']);
  return isOneOf(sectionVisibilities, value) ? value : 'byPermissions';
}

export const viewerMay = (viewer: Viewer, permission: string): boolean =>
  viewer.superUser || grantsPermission(viewer.permissions, permission);

/** Whether the navigation shows the section to this viewer. */
export function isSectionVisible(
  configuration: AdminBoxConfiguration,
  section: AdminSection,
  viewer: Viewer,
): boolean {
  const visibility = sectionVisibility(configuration, section.key);
  if (visibility === 'hidden') return false;
  if (visibility === 'always' || !section.permission) return true;
  return viewerMay(viewer, section.permission);
}

const appearances: readonly FieldAppearance[] = ['hidden', 'viewOnly', 'edit'];

/**
 * A field's appearance from `themeV2.adminPortal.pages.<page>.fieldsProperties.<field>.appearance`
 * (the vendor's theme options); `edit` when not set.
 */
export function fieldAppearance(
  configuration: AdminBoxConfiguration,
  page: string,
  field: string,
): FieldAppearance {
  const value = read(configuration, [
    'themeV2',
    'adminPortal',
    'pages',
    page,
    'fieldsProperties',
    field,
    'appearance',
  ]);
  return appearances.find((appearance) => appearance === value) ?? 'edit';
}

/** A tab's appearance from `themeV2.adminPortal.pages.<page>.tabsProperties.<tab>.appearance` (hidden or edit). */
export function tabAppearance(
  configuration: AdminBoxConfiguration,
  page: string,
  tab: string,
): 'hidden' | 'edit' {
  const value = read(configuration, [
    'themeV2',
    'adminPortal',
    'pages',
    page,
    'tabsProperties',
    tab,
    'appearance',
  ]);
  return value === 'hidden' ? 'hidden' : 'edit';
}
