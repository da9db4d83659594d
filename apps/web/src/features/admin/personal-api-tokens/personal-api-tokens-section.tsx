import { useCan } from '../../../components/admin';
import { ApiTokensPage } from '../../../components/admin/api-tokens';
import { useApiTokens } from '../../../sdk/admin/api-tokens';

/** Personal API tokens (SPEC section 2): the signed-in user's own tokens, acting with their roles. */
export function PersonalApiTokensSection() {
  const view = useApiTokens('user');
  return (
    <ApiTokensPage
      title="Personal API tokens"
      description="Tokens that let your own scripts call the API as you, with your roles in this account."
      view={view}
      canCreate={useCan('fe.secure.write.userApiTokens')}
      canDelete={useCan('fe.secure.delete.userApiTokens')}
      canEdit={useCan('fe.secure.write.userApiTokens')}
    />
  );
}
