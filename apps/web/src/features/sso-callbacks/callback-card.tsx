import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { CardProgress } from '../../components/card-progress';
import { SSO_FAILED_TITLE, SsoFailed } from '../../components/sso-failed';
import { paths } from '../../lib/paths';

export const SIGNING_IN_TITLE = 'Signing you in';

/** While the answer is checked: a heading and a status for assistive technology. */
export function SigningIn({ label }: { label: string }) {
  return (
    <AuthCard title={SIGNING_IN_TITLE}>
      <CardProgress label={label} />
    </AuthCard>
  );
}

/** The login step loginWithSSOFailed, as the SAML and OIDC callback pages show it. */
export function SsoFailedCard({ detail }: { detail?: string | null }) {
  return (
    <AuthCard title={SSO_FAILED_TITLE}>
      <SsoFailed detail={detail} />
    </AuthCard>
  );
}

/** A social sign-in that did not complete: why, and the way back to the login box. */
export function SocialFailedCard({ reason }: { reason: string }) {
  return (
    <AuthCard title="Sign-in did not complete">
      <Stack gap="md">
        <Text size="sm" c="dimmed" ta="center" role="alert">
          {reason}
        </Text>
        <Button component={Link} to={paths.login} fullWidth>
          Back to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
