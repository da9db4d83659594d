import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { mailto, useConfig } from '../lib/config';

/**
 * A mailed link that did not work (unlock, invitation): the reason, 'Contact Support' and a Login
 * button, like the activation and reset failures of SPEC section 8.
 */
export function FailedLink({ title, detail }: { title: string; detail?: string | null }) {
  const { supportEmail } = useConfig();
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" radius="md" role="alert" title={title}>
        <Stack gap={4}>
          {detail && detail !== title && <Text size="sm">{detail}</Text>}
          <Anchor href={mailto(supportEmail)} size="sm" fw={600} c="inherit" underline="always">
            Contact Support
          </Anchor>
        </Stack>
      </Alert>
      <Button component={Link} to={paths.login} fullWidth>
        Login
      </Button>
    </Stack>
  );
}
