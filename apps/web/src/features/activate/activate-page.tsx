import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { CheckInbox } from '../../components/check-inbox';
import { mailto, useConfig } from '../../lib/config';
import { local } from '../../lib/storage';
import { USER_VERIFIED_KEY } from '../../product/user-verified-key';
import { useActivateAccount, useForgotPassword } from '../../sdk';
import { ActivateForm } from './activate-form';
import { anchorProps, ButtonLink, Loader, Stack, Text } from '../../components/plain-ui';

/** SPEC section 8, spelling included. */
export const ACTIVATED_MESSAGE = 'Succesfully activated! You will be redirected in a few seconds.';
export const INVALID_LINK_MESSAGE = 'Activation link is invalid or expired';

/** Remembers who just verified, for the one-time trial-success event on /trial-started. */
function rememberVerifiedEmail(email: string): void {
  local.setItem(USER_VERIFIED_KEY, email);
}

export function InvalidLink() {
  const { supportEmail } = useConfig();
  return (
    <AuthCard title={INVALID_LINK_MESSAGE}>
      <Stack gap="md">
        <Text size="sm" dimmed style={{ textAlign: 'center' }}>
          The link may have been used already or be too old. Sign in if your account is active, or ask us for
          help.
        </Text>
        <ButtonLink to={paths.login} fullWidth>
          Login
        </ButtonLink>
        <Text size="sm" style={{ textAlign: 'center' }}>
          <a {...anchorProps()} href={mailto(supportEmail)}>
            Contact Support
          </a>
        </Text>
      </Stack>
    </AuthCard>
  );
}

function Working({ label }: { label: string }) {
  return (
    <AuthCard title="Activating your account">
      <Stack align="center" gap="sm" style={{ paddingBlock: 'var(--mantine-spacing-md)' }} role="status">
        <Loader />
        <Text dimmed>{label}</Text>
      </Stack>
    </AuthCard>
  );
}

/**
 * /account/activate?userId&token (SPEC section 2, activation steps). The store checks the
 * link and says whether a password must be set; on success it signs the user in and moves
 * on by itself after 5 seconds.
 */
export function ActivatePage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const activation = useActivateAccount();
  const { passwordConfig, loadPasswordConfig } = useForgotPassword();
  const checked = useRef(false);
  const autoActivated = useRef(false);
  const hasLink = userId !== '' && token !== '';

  const { check, activate, reset } = activation;
  useEffect(() => {
    if (!hasLink || checked.current) return;
    checked.current = true;
    reset();
    void check(userId, token);
    void loadPasswordConfig(userId);
  }, [hasLink, userId, token, check, reset, loadPasswordConfig]);

  // No password to choose: activate straight away.
  const activateWithoutPassword =
    activation.step === 'activating' && activation.shouldSetPassword === false && !activation.error;
  useEffect(() => {
    if (!activateWithoutPassword || autoActivated.current) return;
    autoActivated.current = true;
    void activate({ userId, token }, rememberVerifiedEmail);
  }, [activateWithoutPassword, activate, userId, token]);

  if (!hasLink) return <InvalidLink />;

  switch (activation.step) {
    case 'success':
      return (
        <AuthCard title="Account activated">
          <Text role="status" style={{ textAlign: 'center' }}>
            {ACTIVATED_MESSAGE}
          </Text>
        </AuthCard>
      );
    case 'activatingForm':
      return (
        <AuthCard
          title="Activate your account"
          subtitle="Choose a password to finish setting up your account."
        >
          <ActivateForm
            rules={passwordConfig}
            submitting={activation.submitting}
            error={activation.error}
            onSubmit={(password) => void activate({ userId, token, password }, rememberVerifiedEmail)}
          />
        </AuthCard>
      );
    case 'resend':
      return (
        <AuthCard title="Please check your inbox!">
          <CheckInbox>We sent you a new activation link.</CheckInbox>
        </AuthCard>
      );
    default:
      // 'activating': checking the link, or activating without a password.
      if (activation.error) return <InvalidLink />;
      return <Working label="Activating your account..." />;
  }
}
