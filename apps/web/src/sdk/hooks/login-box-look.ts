import type { SocialLoginsPlacement } from '@brizo/contract/admin-portal';
import { useRootState } from '@frontegg/react-hooks';
import { fetch as sdkFetch } from '@frontegg/rest-api';
import { useEffect, useState } from 'react';

/** The account's custom login box, as the login box opened through the account's login address shows it. */
export interface LoginBoxLook {
  /** An image data URL in place of the product's wordmark. */
  logo?: string;
  /** The colour of the primary actions. */
  primaryColor?: string;
  /** Where the other ways to sign in (social, passkey, phone) go around the form. */
  placement: SocialLoginsPlacement;
}

/** The product's own look: also what an unknown, malformed or unreachable tenantId gets. */
export const DEFAULT_LOOK: LoginBoxLook = { placement: 'bottom' };

interface PublicLoginBox {
  logo?: unknown;
  primaryColor?: unknown;
  socialLoginsPlacement?: unknown;
}

// On the login page's critical path (bundle budget): one request, a few checks, no library.
/**
 * The look for `tenantId` (GET /metadata/admin-box/public), undefined while it loads; without a
 * tenantId (or in preview mode) the product's own look at once.
 */
export function useLoginBoxLook(tenantId: string | null): LoginBoxLook | undefined {
  const preview = useRootState().previewMode === true;
  const skip = preview || !tenantId;
  const [look, setLook] = useState(skip ? DEFAULT_LOOK : undefined);
  useEffect(() => {
    if (skip) return;
    let active = true;
    sdkFetch
      .get('/metadata/admin-box/public', { tenantId })
      .then(({ logo, primaryColor, socialLoginsPlacement }: PublicLoginBox) => ({
        logo: typeof logo === 'string' && logo.startsWith('data:image/') ? logo : undefined,
        primaryColor: typeof primaryColor === 'string' ? primaryColor : undefined,
        placement: socialLoginsPlacement === 'top' ? ('top' as const) : DEFAULT_LOOK.placement,
      }))
      .catch(() => DEFAULT_LOOK)
      .then((next) => active && setLook(next));
    return () => {
      active = false;
    };
  }, [skip, tenantId]);
  return look;
}
