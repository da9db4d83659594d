import {
  isSectionVisible,
  type AdminBoxConfiguration,
  type AdminSection,
  type Viewer,
} from '../../../lib/admin-portal';

/** The sections the navigation lists for this viewer, in the portal's order. */
export function visibleSections(
  sections: readonly AdminSection[],
  configuration: AdminBoxConfiguration,
  viewer: Viewer,
): AdminSection[] {
  return sections.filter((section) => isSectionVisible(configuration, section, viewer));
}
