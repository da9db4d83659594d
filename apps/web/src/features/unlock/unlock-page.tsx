import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../app/navigation';
import { AuthCard } from '../../components/auth-card';
import { FailedLink } from '../../components/failed-link';
import { Loader, Stack, Text } from '../../components/plain-ui';
import { useUnlockAccount } from '../../sdk';

export const UNLOCK_SUCCESS_MESSAGE =
  'Your account is unlocked. You will be redirected to the login page in a few seconds.';
export const UNLOCK_INVALID_MESSAGE = 'Unlock link is invalid or expired';

/** /account/unlock?token: unlocks with the mailed token; the store goes to login 5 s after success. */
export function UnlockPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unlock = useUnlockAccount();
  const started = useRef(false);

  const { unlock: send } = unlock;
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void send(token);
  }, [token, send]);

  if (!token) {
    return (
      <AuthCard title="Unlock your account">
        <FailedLink title={UNLOCK_INVALID_MESSAGE} />
      </AuthCard>
    );
  }
  if (unlock.succeeded) {
    return (
      <AuthCard title="Account unlocked">
        <Text role="status" style={{ textAlign: 'center' }}>
          {UNLOCK_SUCCESS_MESSAGE}
        </Text>
      </AuthCard>
    );
  }
  if (unlock.error) {
    return (
      <AuthCard title="Unlock your account">
        <FailedLink title={UNLOCK_INVALID_MESSAGE} detail={unlock.error} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unlocking your account">
      <Stack align="center" gap="sm" style={{ paddingBlock: 'var(--mantine-spacing-md)' }} role="status">
        <Loader />
        <Text dimmed>Unlocking your account...</Text>
      </Stack>
    </AuthCard>
  );
}
