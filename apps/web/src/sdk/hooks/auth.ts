import { useAuth, useAuthActions, useRootState, useTenantsState } from '@frontegg/react-hooks';
import { useMemo } from 'react';
import type { ProductTenant, ProductUser } from '../../product';

/** The signed-in user in the shape the product rules read, or null. */
function toProductUser(user: unknown): ProductUser | null {
  if (!user || typeof user !== 'object') return null;
  const candidate = user as Partial<ProductUser> & { accessToken?: string };
  if (!candidate.id || !candidate.accessToken) return null;
  return candidate as ProductUser;
}

interface RawTenant {
  tenantId: string;
  name?: string;
  metadata?: unknown;
  createdAt?: unknown;
}

export function toProductTenant(tenant: RawTenant | null | undefined): ProductTenant | null {
  if (!tenant?.tenantId) return null;
  return {
    tenantId: tenant.tenantId,
    name: tenant.name,
    metadata:
      typeof tenant.metadata === 'string' || tenant.metadata == null
        ? (tenant.metadata as string | null | undefined)
        : JSON.stringify(tenant.metadata),
    createdAt: tenant.createdAt == null ? undefined : String(tenant.createdAt),
  };
}

/**
 * Preview mode (SPEC section 1) runs on the SDK's mock data, whose account is 'Frontegg demo' and whose
 * user is demo-user@frontegg.com: another company's name in our header. The preview shows its own.
 */
export const PREVIEW_IDENTITY = {
  tenantName: 'Brizo demo account',
  userName: 'Demo User',
  email: 'demo.user@brizo-demo.example',
} as const;

export interface AuthView {
  /** True until the first authorization (session refresh + public configuration) finishes. */
  isLoading: boolean;
  isAuthenticated: boolean;
  user: ProductUser | null;
}

export function useAuthState(): AuthView {
  const { isLoading, isAuthenticated, user } = useAuth((auth) => ({
    isLoading: auth.isLoading,
    isAuthenticated: auth.isAuthenticated,
    user: auth.user,
  }));
  const preview = useRootState().previewMode === true;
  return useMemo(() => {
    const found = toProductUser(user);
    const productUser =
      found && preview ? { ...found, email: PREVIEW_IDENTITY.email, name: PREVIEW_IDENTITY.userName } : found;
    return { isLoading, isAuthenticated: isAuthenticated && productUser !== null, user: productUser };
  }, [isLoading, isAuthenticated, user, preview]);
}

/** The user's active tenant (the SDK's tenantsState.activeTenant). */
export function useActiveTenant(): ProductTenant | null {
  const { activeTenant } = useTenantsState();
  const preview = useRootState().previewMode === true;
  return useMemo(() => {
    const tenant = toProductTenant(activeTenant as RawTenant | undefined);
    return tenant && preview ? { ...tenant, name: PREVIEW_IDENTITY.tenantName } : tenant;
  }, [activeTenant, preview]);
}

/** Signs out on the server, resets the auth state and re-authorizes; then calls `done`. */
export function useLogout(): (done?: () => void) => Promise<void> {
  return useAuthActions().logout;
}
