import { metadataRowsSchema } from '@brizo/contract/entities/admin-box';
import { useRootState } from '@frontegg/react-hooks';
import { fetch as sdkFetch } from '@frontegg/rest-api';
import { useEffect, useState } from 'react';
import { readAnswer } from './read-answer';

/** Whether the store runs on its mock data (SPEC section 1, preview mode): no server calls for data. */
export function usePreviewMode(): boolean {
  return useRootState().previewMode === true;
}

/** What a preview shows without the server: every section by the viewer's permissions, profile and privacy always. */
const PREVIEW_ADMIN_BOX: Record<string, unknown> = {
  navigation: { profile: { visibility: 'always' }, privacy: { visibility: 'always' } },
};

export type AdminBoxState =
  { status: 'loading' } | { status: 'ready'; configuration: Record<string, unknown> };

/** rows[0].configuration of a metadata answer, or nothing. */
function configurationOf(metadata: unknown): Record<string, unknown> {
  return readAnswer(metadataRowsSchema, metadata, 'admin portal metadata').rows[0]?.configuration ?? {};
}

/** The vendor's admin portal metadata (GET /metadata?entityName=adminBox → rows[0].configuration). */
export function useAdminBoxConfiguration(): AdminBoxState {
  const preview = usePreviewMode();
  const [state, setState] = useState<AdminBoxState>(
    preview ? { status: 'ready', configuration: PREVIEW_ADMIN_BOX } : { status: 'loading' },
  );
  useEffect(() => {
    if (preview) return;
    let active = true;
    // The SDK's own getAdminBoxMetadata reads /metadata/admin-box, the tenant's custom login box.
    sdkFetch
      .get('/metadata', { entityName: 'adminBox' })
      .then((metadata: unknown) => {
        if (active) setState({ status: 'ready', configuration: configurationOf(metadata) });
      })
      .catch((error: unknown) => {
        // SPEC section 8: metadata load failures are logged; the portal then runs on the defaults.
        console.error('Admin portal metadata could not be loaded', error);
        if (active) setState({ status: 'ready', configuration: {} });
      });
    return () => {
      active = false;
    };
  }, [preview]);
  return state;
}
