import { paths } from '../lib/paths';
import { mailto, useConfig } from '../lib/config';
import { Alert, anchorProps, ButtonLink, Stack, Text } from './plain-ui';

/**
 * A mailed link that did not work (unlock, invitation): the reason, 'Contact Support' and a Login
 * button, like the activation and reset failures of SPEC section 8.
 */
export function FailedLink({ title, detail }: { title: string; detail?: string | null }) {
  const { supportEmail } = useConfig();
  return (
    <Stack gap="md">
      <Alert title={title}>
        <Stack gap={4}>
          {detail && detail !== title && <Text size="sm">{detail}</Text>}
          <a {...anchorProps('sm', { underline: 'always', inheritColor: true })} href={mailto(supportEmail)}>
            Contact Support
          </a>
        </Stack>
      </Alert>
      <ButtonLink to={paths.login} fullWidth>
        Login
      </ButtonLink>
    </Stack>
  );
}
