import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { CardProgress } from '../../components/card-progress';
import { FormAlert } from '../../components/form-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { ButtonLink, Stack, Text } from '../../components/plain-ui';
import { useAuthState, useImpersonation } from '../../sdk';

/**
 * /account/impersonate?userId: a signed-in superuser becomes the user. Steps impersonating →
 * success; the store navigates 1 s after success (SPEC section 9).
 */
export function ImpersonatePage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const { isLoading, isAuthenticated } = useAuthState();
  const impersonation = useImpersonation();
  const started = useRef(false);
  const reloaded = useRef(false);

  const { canImpersonate, impersonate, step, loadImpersonatedSession } = impersonation;
  useEffect(() => {
    if (isLoading || !canImpersonate || !userId || started.current) return;
    started.current = true;
    impersonate(userId);
  }, [isLoading, canImpersonate, userId, impersonate]);

  useEffect(() => {
    if (step !== 'success' || reloaded.current) return;
    reloaded.current = true;
    void loadImpersonatedSession();
  }, [step, loadImpersonatedSession]);

  // Success stays on screen until the store navigates (1 s), while the session it loads replaces
  // the superuser: that swap must not take the success view away before anyone has seen it.
  if (step === 'success') {
    return (
      <AuthCard title="Impersonating">
        <Text role="status" style={{ textAlign: 'center' }}>
          You are now signed in as this user. Redirecting...
        </Text>
      </AuthCard>
    );
  }

  if (isLoading) return <LoadingScreen />;

  if (!isAuthenticated || !canImpersonate || !userId) {
    return (
      <AuthCard title="Impersonate a user">
        <Stack gap="md">
          <FormAlert
            message={
              !userId
                ? 'The impersonation link has no user.'
                : 'Only a signed-in superuser can impersonate other users.'
            }
          />
          <ButtonLink to={paths.login} fullWidth>
            Login
          </ButtonLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Impersonating">
      {impersonation.error ? (
        <FormAlert message={impersonation.error} />
      ) : (
        <CardProgress label="Starting the impersonation..." />
      )}
    </AuthCard>
  );
}
