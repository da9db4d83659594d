import type { SocialLoginsPlacement } from '@brizo/contract/admin-portal';
import { Stack } from '../../components/plain-ui';
import { ButtonAnchor, Divider } from '../../components/plain-ui-social';
import { useSocialLoginButtons } from '../../sdk/hooks/social-login';
import { ProviderMark } from './provider-marks';
import { continueWith } from './provider-names';

/**
 * Issue 13: one button per active social login, under (or, as the account's login box chooses, above)
 * the form. Each is a link to the server's authorization address, which goes on to the provider with
 * the state and PKCE it keeps; the provider returns to /account/social/success.
 */
export function SocialLoginButtons({ placement = 'bottom' }: { placement?: SocialLoginsPlacement }) {
  const buttons = useSocialLoginButtons();
  if (buttons.length === 0) return null;
  // 'or' stands between these buttons and the form, above or below it.
  const divider = <Divider label="or" />;
  return (
    <Stack gap="sm">
      {placement === 'bottom' && divider}
      <Stack gap="xs" role="group" aria-label="Sign in with another account">
        {buttons.map(({ provider, authorizationUrl }) => (
          <ButtonAnchor
            key={provider}
            href={authorizationUrl}
            variant="default"
            fullWidth
            leftSection={<ProviderMark provider={provider} />}
          >
            {continueWith(provider)}
          </ButtonAnchor>
        ))}
      </Stack>
      {placement === 'top' && divider}
    </Stack>
  );
}
