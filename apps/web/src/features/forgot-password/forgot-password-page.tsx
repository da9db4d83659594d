import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { CheckInbox } from '../../components/check-inbox';
import { FormAlert } from '../../components/form-alert';
import { anchorProps, Button, Stack, Text, TextField } from '../../components/plain-ui';
import { useForm } from '../../lib/form';
import { emailFormRules } from '../../lib/validation';
import { useForgotPassword, usePasswordRecovery } from '../../sdk';
import { NewPasswordStep, RecoverySelectorStep, SmsRecoveryStep } from './recovery-steps';

/** How long the success message stays before the login page (as after a mailed reset). */
const LOGIN_AFTER_RESET_MS = 5000;

export const WORK_EMAIL_REQUIRED = 'Work Email is required';

interface ForgotPasswordValues {
  email: string;
}

const emailRules = emailFormRules(WORK_EMAIL_REQUIRED);

const backToLogin = (
  <Text size="sm" dimmed>
    Remembered it?{' '}
    <Link {...anchorProps()} to={paths.login}>
      Back to sign in
    </Link>
  </Text>
);

/** /account/forget-password: asks for the work email, then confirms the email went out. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const recovery = usePasswordRecovery();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState('');
  const resetOnce = useRef(false);
  const { register, handleSubmit, errors } = useForm<ForgotPasswordValues>({
    defaultValues: { email: '' },
    ...emailRules,
  });

  const { reset } = forgot;
  useEffect(() => {
    if (resetOnce.current) return;
    resetOnce.current = true;
    reset();
  }, [reset]);

  const succeeded = forgot.step === 'resetPasswordSuccess';
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), LOGIN_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  // The recovery strategies (SPEC section 4 "Forgot password") decide the next step.
  if (recovery.step === 'passwordRecoverySelector') {
    return (
      <AuthCard title="Reset your password" footer={backToLogin}>
        <RecoverySelectorStep />
      </AuthCard>
    );
  }
  if (recovery.step === 'resetPasswordViaSms') {
    return (
      <AuthCard title="Check your phone" footer={backToLogin}>
        <SmsRecoveryStep />
      </AuthCard>
    );
  }
  if (recovery.step === 'resetPasswordPage' && recovery.resetLink) {
    return (
      <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
        <NewPasswordStep userId={recovery.resetLink.userId} token={recovery.resetLink.token} />
      </AuthCard>
    );
  }
  if (succeeded) {
    return (
      <AuthCard title="Password changed">
        <Text role="status" style={{ textAlign: 'center' }}>
          Password changed successfully. The login page will appear automatically.
        </Text>
      </AuthCard>
    );
  }

  if (forgot.step === 'forgotPasswordEmailSuccess') {
    return (
      <AuthCard title="Email sent" footer={backToLogin}>
        <CheckInbox>
          If an account exists for <strong>{sentTo || 'this address'}</strong>, you will receive an email with
          a link to reset your password.
        </CheckInbox>
      </AuthCard>
    );
  }

  const submit = ({ email }: ForgotPasswordValues) => {
    setSentTo(email);
    void recovery.start(email);
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your work email and we will send you a link to reset it."
      footer={backToLogin}
    >
      <form noValidate onSubmit={handleSubmit(submit)} aria-label="Forgot password">
        <Stack gap="md">
          <FormAlert message={forgot.error} />
          <TextField
            label="Work Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="name@company.com"
            autoFocus
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" fullWidth loading={forgot.loading}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
