import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '../../app/paths';
import { AuthCard } from '../../components/auth-card';
import { CheckInbox } from '../../components/check-inbox';
import { FormAlert } from '../../components/form-alert';
import { messages } from '../../lib/validation';
import { useForgotPassword } from '../../sdk';

export const WORK_EMAIL_REQUIRED = 'Work Email is required';

const schema = z.object({
  email: z.string().trim().min(1, WORK_EMAIL_REQUIRED).pipe(z.email(messages.emailInvalid)),
});
type ForgotPasswordValues = z.infer<typeof schema>;

const backToLogin = (
  <Text size="sm" c="dimmed">
    Remembered it?{' '}
    <Anchor component={Link} to={paths.login} fw={600}>
      Back to sign in
    </Anchor>
  </Text>
);

/** /account/forget-password: asks for the work email, then confirms the email went out. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState('');
  const resetOnce = useRef(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const { reset } = forgot;
  useEffect(() => {
    if (resetOnce.current) return;
    resetOnce.current = true;
    reset();
  }, [reset]);

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
    void forgot.sendResetEmail(email);
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
          <TextInput
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
