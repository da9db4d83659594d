import { Navigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { EmptyState, useAdminPortal } from '../../../components/admin';
import type { AdminSection } from '../../../lib/admin-portal';
import { useFeatureFlags } from '../../../sdk';
import { sectionsOn, visibleSections } from './navigation';

/** /admin-portal itself: the first section this viewer may see. */
export function AdminPortalIndex({ sections }: { sections: readonly AdminSection[] }) {
  const { configuration, viewer } = useAdminPortal();
  const isFlagOn = useFeatureFlags();
  const [first] = visibleSections(sectionsOn(sections, isFlagOn), configuration, viewer);
  if (!first) return <EmptyState title="There is nothing to administer here" />;
  return <Navigate to={`${paths.adminPortal}/${first.path}`} replace />;
}
