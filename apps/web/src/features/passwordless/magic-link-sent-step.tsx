import { Anchor, Stack, Text } from '@mantine/core';
import { CheckInbox, ResendButton } from '../../components/check-inbox';
import { FormAlert } from '../../components/form-alert';
import { usePasswordlessActions, usePasswordlessState } from '../../sdk/hooks/passwordless';

/** Step magicLinkPreLoginSuccess: the sign-in link is on its way. */
export function MagicLinkSentStep({ onRestart }: { onRestart: () => void }) {
  const { email, username, sentFor, error } = usePasswordlessState();
  const { sendAgain } = usePasswordlessActions();
  return (
    <Stack gap="md">
      <FormAlert message={error} />
      <CheckInbox>
        We sent a sign-in link to{' '}
        <Text span fw={600} c="dark">
          {email ?? `the email address of ${username ? `the account ${username}` : 'your account'}`}
        </Text>
        . Open it on this device to sign in. The link works once and expires in 10 minutes.
      </CheckInbox>
      {(email || username) && (
        <ResendButton what="link" onResend={() => void sendAgain('MagicLink', sentFor)} />
      )}
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" fw={600} onClick={onRestart}>
          {username ? 'Use a different username' : 'Use a different email'}
        </Anchor>
      </Text>
    </Stack>
  );
}
