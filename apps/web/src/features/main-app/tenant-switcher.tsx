import { Select } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useTenants } from '../../sdk';

/**
 * The account switcher of the stand-in main application: shown only to users in several
 * tenants. Switching reloads the token (SPEC section 4), so the page shows the new account.
 */
export function TenantSwitcher() {
  const { tenants, activeTenantId, switching, switchTenant } = useTenants();
  const [failed, setFailed] = useState(false);
  if (tenants.length < 2) return null;

  const onChange = async (tenantId: string | null) => {
    if (!tenantId || tenantId === activeTenantId) return;
    setFailed(false);
    setFailed(!(await switchTenant(tenantId)));
  };

  return (
    <>
      <Select
        label="Account"
        aria-label="Switch account"
        data-testid="tenant-switcher"
        data={tenants.map((tenant) => ({ value: tenant.tenantId, label: tenant.name }))}
        value={activeTenantId}
        onChange={(value) => void onChange(value)}
        disabled={switching}
        allowDeselect={false}
        w={280}
      />
      <FormAlert message={failed ? 'The account could not be switched. Please try again.' : null} />
    </>
  );
}
