import { Suspense, useCallback } from 'react';
import { Navigate, useNavigate, useSearchParams } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { LoadingScreen } from '../../components/loading-screen';
import { Button, Loader, Stack, Text } from '../../components/plain-ui';
import { useAuthState } from '../../sdk';
import { useMfaFlow, useStepUpSession } from '../../sdk/hooks/mfa';
import { MfaStepScreen } from './mfa-step';
import { useSendOnce } from './send-once';

/** The step-up query parameter (the SDK's STEP_UP_MAX_AGE_PARAM_NAME): seconds. */
const maxAgeOf = (value: string | null): number | undefined => {
  const seconds = value === null ? Number.NaN : Number(value);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
};

/**
 * /account/step-up (SPEC section 4 "Step-up"): a step-up session is generated; with devices and a
 * token the MFA step follows; 'MFA is not enrolled' shows noMFAEnrolledStepUp; any other failure
 * makes the store log out and come back here after signing in.
 */
export function StepUpPage() {
  const { isLoading, isAuthenticated } = useAuthState();
  const flow = useMfaFlow(true);
  const { generate } = useStepUpSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const maxAge = maxAgeOf(params.get('maxAge'));
  const start = useCallback(() => generate(maxAge), [generate, maxAge]);
  useSendOnce(isAuthenticated ? start : null);

  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace />;

  if (flow.step === 'noMFAEnrolledStepUp') {
    return (
      <AuthCard title="MFA is not enrolled">
        <Stack gap="md" data-step="noMFAEnrolledStepUp">
          <Text size="sm">
            This action needs a second verification, but your account has no two-factor authentication set up
            yet. Set it up from your profile, then try again.
          </Text>
          <Button onClick={() => navigate(paths.home)}>Back</Button>
        </Stack>
      </AuthCard>
    );
  }
  const waiting = (
    <AuthCard title="Verify it's you">
      <Stack align="center" style={{ paddingBlock: 'var(--mantine-spacing-md)' }} role="status">
        <Loader />
      </Stack>
    </AuthCard>
  );
  if (!flow.devices) return waiting;
  // A step's part that loads on use (the security keys' buttons) keeps the card waiting until it comes.
  return (
    <Suspense fallback={waiting}>
      <AuthCard title="Verify it's you" subtitle="Confirm this action with your second factor">
        <MfaStepScreen flow={flow} onBack={() => navigate(paths.home)} />
      </AuthCard>
    </Suspense>
  );
}
