import { Button, Stack, Text } from '@mantine/core';
import { Link } from '../app/navigation';
import { paths } from '../lib/paths';

// Issue 13: the login step loginWithSSOFailed (SPEC section 2 "Flow steps"; no fixed text in SPEC), shown
// by the login box and by the pages identity providers return to. SPEC section 4: the authenticated
// URL follows after 1 s; the link is there for whoever is quicker, and for when it does not.

export { SSO_FAILED_TITLE } from './sso-failed-title';
export const SSO_FAILED_DETAIL =
  "Your company's sign-in page did not confirm who you are, or the answer could not be checked. Try again, or ask your administrator for help.";

export function SsoFailed({ detail, onBack }: { detail?: string | null; onBack?: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" ta="center" role="alert">
        {detail || SSO_FAILED_DETAIL}
      </Text>
      <Button component={Link} to={paths.login} onClick={onBack} fullWidth>
        Back to sign in
      </Button>
    </Stack>
  );
}
