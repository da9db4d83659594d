import { useTenantsActions, useTenantsState } from '@frontegg/react-hooks';
import { useMemo } from 'react';

export interface TenantOption {
  tenantId: string;
  name: string;
}

export interface TenantsView {
  tenants: TenantOption[];
  activeTenantId: string | null;
  switching: boolean;
  /** PUT /users/v1/tenant, then the store reloads the token (SPEC section 4, "Tenant switching reloads the token"). */
  switchTenant: (tenantId: string) => Promise<boolean>;
}

/** The signed-in user's tenants and the switch between them. */
export function useTenants(): TenantsView {
  const { tenants, activeTenant, switchingTenant } = useTenantsState();
  const actions = useTenantsActions();
  return useMemo(
    () => ({
      tenants: (tenants ?? []).map((tenant) => ({
        tenantId: tenant.tenantId,
        name: tenant.name ?? tenant.tenantId,
      })),
      activeTenantId: activeTenant?.tenantId ?? null,
      switching: switchingTenant === true,
      switchTenant: (tenantId: string) =>
        new Promise<boolean>((resolve) => {
          actions.switchTenant({
            tenantId,
            silentReload: true,
            callback: (ok: boolean | null) => resolve(ok === true),
          });
        }),
    }),
    [tenants, activeTenant, switchingTenant, actions],
  );
}
