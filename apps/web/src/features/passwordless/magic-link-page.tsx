import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { FormAlert } from '../../components/form-alert';
import { Button, Loader, Stack, Text } from '../../components/plain-ui';
import { useAuthState, useLoginStep } from '../../sdk';
import { usePasswordlessActions, usePasswordlessState } from '../../sdk/hooks/passwordless';

const INVALID_LINK = 'This sign-in link is invalid or has expired';

/**
 * /account/login/magic-link?token=...: signs in with the mailed link, shows success for 5 s
 * (step magicLinkPostLoginSuccess, SPEC section 9) while the store waits, then the store navigates.
 */
export function MagicLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { isLoading } = useAuthState();
  const step = useLoginStep();
  const { error } = usePasswordlessState();
  const { postLogin } = usePasswordlessActions();
  const navigate = useNavigate();
  // A link works once: never send it twice (React's strict mode runs effects twice in development).
  const sent = useRef(false);
  const [hasFailed, setFailed] = useState(false);

  useEffect(() => {
    // Wait for the store's start-up refresh to settle, so it does not undo the new session.
    if (!token || isLoading || sent.current) return;
    sent.current = true;
    void postLogin('MagicLink', token, {}, () => setFailed(true));
  }, [token, isLoading, postLogin]);

  if (!token || hasFailed) {
    return (
      <AuthCard title="Sign-in link not valid">
        <Stack gap="md">
          <FormAlert message={token ? error : INVALID_LINK} />
          <Text size="sm" dimmed>
            Sign-in links work once and expire after 10 minutes. Ask for a new one from the sign-in page.
          </Text>
          <Button onClick={() => navigate(paths.login)}>Back to sign in</Button>
        </Stack>
      </AuthCard>
    );
  }
  if (step === 'magicLinkPostLoginSuccess') {
    return (
      <AuthCard title="You're signed in">
        <Stack align="center" gap="sm" style={{ paddingBlock: 'var(--mantine-spacing-md)' }} role="status">
          <Text dimmed style={{ textAlign: 'center' }}>
            Welcome back! We&apos;re taking you to Brizo FoodMetrics in a few seconds.
          </Text>
          <Loader size="sm" />
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in">
      <Stack align="center" gap="sm" style={{ paddingBlock: 'var(--mantine-spacing-md)' }} role="status">
        <Loader />
        <Text dimmed>Checking your sign-in link...</Text>
      </Stack>
    </AuthCard>
  );
}
