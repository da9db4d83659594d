import { Anchor, Button, Stack, Text } from '@mantine/core';
import { CheckInbox } from '../../components/check-inbox';
import { FormAlert } from '../../components/form-alert';
import { usePasswordLifecycle } from '../../sdk';

/**
 * breachedPassword: the password was right but is on the breached list, so no session was
 * started; a reset link goes out by email (like Frontegg's security-center login flow).
 */
export function BreachedPasswordStep({ email }: { email: string }) {
  const lifecycle = usePasswordLifecycle();
  const address = email || lifecycle.email;
  return (
    <Stack gap="md">
      <FormAlert message={lifecycle.error} />
      <Text size="sm">
        The password you signed in with appeared in a data breach on another site, so it is no longer safe. We
        will email you a link to choose a new one.
      </Text>
      <Button
        fullWidth
        loading={lifecycle.loading}
        onClick={() => void lifecycle.sendBreachedPasswordReset(address)}
      >
        Email me a reset link
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={lifecycle.restart}>
        Back to sign in
      </Anchor>
    </Stack>
  );
}

/** breachedPasswordSuccess: SPEC section 8 'Email sent'. */
export function BreachedPasswordSuccessStep({ email }: { email: string }) {
  const lifecycle = usePasswordLifecycle();
  return (
    <Stack gap="md">
      <CheckInbox>
        Please check your inbox! We sent a link to reset your password to{' '}
        <strong>{email || lifecycle.email || 'your email address'}</strong>.
      </CheckInbox>
      <Anchor component="button" type="button" size="sm" ta="center" onClick={lifecycle.restart}>
        Back to sign in
      </Anchor>
    </Stack>
  );
}
