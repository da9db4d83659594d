import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Alert, anchorProps, Button, ButtonLink, Stack, Text } from '../../components/plain-ui';
import { mailto, useConfig } from '../../lib/config';
import { usePasswordPairForm } from '../../lib/password-form';
import { useForgotPassword } from '../../sdk';

/** SPEC sections 5 and 8. */
export const resetMessages = {
  passwordRequired: 'New Password is required',
  confirmRequired: 'Confirm New Password is required',
} as const;
export const RESET_FAILED_MESSAGE = 'Reset password failed: Please double check your reset URL.';
export const RESET_SUCCESS_MESSAGE =
  'Password changed successfully. The login page will appear automatically.';
/**
 * How long the success message stays before the login page. A reset signs nobody in, so it does
 * not bypass MFA: the second factor comes at that sign-in, whose failed MFA steps also offer
 * 'Contact Support' (features/mfa).
 */
export const LOGIN_AFTER_RESET_MS = 5000;

function ResetFailed({ detail }: { detail?: string | null }) {
  const { supportEmail } = useConfig();
  return (
    <Alert title={RESET_FAILED_MESSAGE}>
      <Stack gap={4}>
        {/* The server's answer to a used or unknown link is the title itself: said once. */}
        {detail && detail !== RESET_FAILED_MESSAGE && <Text size="sm">{detail}</Text>}
        <a {...anchorProps('sm', { underline: 'always', inheritColor: true })} href={mailto(supportEmail)}>
          Contact Support
        </a>
      </Stack>
    </Alert>
  );
}

/** /account/reset-password?userId&token: the new password, from the emailed link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const hasLink = userId !== '' && token !== '';
  const forgot = useForgotPassword();
  const navigate = useNavigate();
  const started = useRef(false);
  // The store shares one error for loading the password rules and for resetting: only a
  // submitted reset may show the failure.
  const [submitted, setSubmitted] = useState(false);

  const { reset, loadPasswordConfig } = forgot;
  useEffect(() => {
    if (!hasLink || started.current) return;
    started.current = true;
    reset();
    void loadPasswordConfig(userId);
  }, [hasLink, userId, reset, loadPasswordConfig]);

  const succeeded = forgot.step === 'resetPasswordSuccess';
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), LOGIN_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  const minLength = forgot.passwordConfig?.minLength;
  const { register, handleSubmit, errors, password } = usePasswordPairForm(resetMessages, minLength);

  if (succeeded) {
    return (
      <AuthCard title="Password changed">
        <Text role="status" style={{ textAlign: 'center' }}>
          {RESET_SUCCESS_MESSAGE}
        </Text>
      </AuthCard>
    );
  }

  if (!hasLink) {
    return (
      <AuthCard title="Reset your password">
        <Stack gap="md">
          <ResetFailed />
          <ButtonLink to={paths.forgotPassword} variant="light" fullWidth>
            Send a new reset link
          </ButtonLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
      <form
        noValidate
        aria-label="Reset password"
        onSubmit={handleSubmit(({ password: value }) => {
          setSubmitted(true);
          void forgot.resetPassword({ userId, token, password: value });
        })}
      >
        <Stack gap="md">
          {submitted && forgot.error && !forgot.loading && <ResetFailed detail={forgot.error} />}
          <NewPasswordFields
            register={register}
            errors={errors}
            password={password}
            rules={forgot.passwordConfig}
            passwordLabel="New Password"
            confirmLabel="Confirm New Password"
          />
          <Button type="submit" fullWidth loading={forgot.loading}>
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
