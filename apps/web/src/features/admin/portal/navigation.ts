import type { FeatureFlagName } from '../../../sdk';
import {
  isSectionVisible,
  type AdminBoxConfiguration,
  type AdminSection,
  type Viewer,
} from '../../../lib/admin-portal';

/** The sections whose feature flag, if they name one, is on: the portal has no others. */
export function sectionsOn(
  sections: readonly AdminSection[],
  isFlagOn: (name: FeatureFlagName) => boolean,
): AdminSection[] {
  return sections.filter((section) => !section.flag || isFlagOn(section.flag));
}

/** The sections the navigation lists for this viewer, in the portal's order. */
export function visibleSections(
  sections: readonly AdminSection[],
  configuration: AdminBoxConfiguration,
  viewer: Viewer,
): AdminSection[] {
  return sections.filter((section) => isSectionVisible(configuration, section, viewer));
}
