import { useState } from 'react';
import { useSearchParams } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { FailedLink } from '../../components/failed-link';
import { Button, ButtonLink, Stack, Text } from '../../components/plain-ui';
import { useEmailRevert, type EmailReverted } from '../../sdk/hooks/email-revert';

export const REVERT_INVALID_MESSAGE = 'This link is invalid, has expired or was already used';

/**
 * /account/revert-email?token (issue 10): the link mailed to the old address after an email change.
 * It asks before acting (mail scanners open links too), then gives the address back; the server
 * signs the account out everywhere and the user chooses a new password.
 */
export function RevertEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const revert = useEmailRevert();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reverted, setReverted] = useState<EmailReverted | null>(null);

  if (!token || error) {
    return (
      <AuthCard title="Undo the email change">
        <FailedLink title={error ?? REVERT_INVALID_MESSAGE} />
      </AuthCard>
    );
  }

  if (reverted) {
    const reset = `${paths.resetPassword}?${new URLSearchParams({ userId: reverted.userId, token: reverted.resetToken }).toString()}`;
    return (
      <AuthCard title="Your email address is back">
        <Stack gap="md">
          <Text role="status">
            Your account signs in with this address again and every session of it is signed out. Choose a new
            password to sign in.
          </Text>
          <ButtonLink to={reset} fullWidth>
            Choose a new password
          </ButtonLink>
        </Stack>
      </AuthCard>
    );
  }

  const undo = async () => {
    setBusy(true);
    try {
      setReverted(await revert(token));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : REVERT_INVALID_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Undo the email change">
      <Stack gap="md">
        <Text>
          The email address of your Brizo FoodMetrics account was changed. If you did not do this, undo it:
          your account gets this address back, every session of it is signed out and you choose a new
          password.
        </Text>
        <Button onClick={() => void undo()} loading={busy} fullWidth>
          Undo the change
        </Button>
      </Stack>
    </AuthCard>
  );
}
