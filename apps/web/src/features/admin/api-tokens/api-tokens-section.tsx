import { useCan } from '../../../components/admin';
import { ApiTokensPage } from '../../../components/admin/api-tokens';
import { useApiTokens, useAssignableRoles } from '../../../sdk/admin/api-tokens';

/** Tenant API tokens (SPEC section 2 "apiTokens"): the account's machine tokens, with roles of their own. */
export function ApiTokensSection() {
  const view = useApiTokens('tenant');
  const roles = useAssignableRoles(true);
  return (
    <ApiTokensPage
      title="API tokens"
      description="Tokens for your account's systems: each acts with the roles you give it."
      view={view}
      roles={roles}
      canCreate={useCan('fe.secure.write.tenantApiTokens')}
      canDelete={useCan('fe.secure.delete.tenantApiTokens')}
      canEdit={useCan('fe.secure.write.tenantApiTokens')}
    />
  );
}
