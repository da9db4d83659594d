import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import { useChangePassword } from '../../../sdk/admin/privacy';
import { changePasswordSchema, type ChangePasswordForm } from './privacy-rules';

// A wrong current password is that field's error; the policy's refusals go to the form's alert.
const fieldOf = { 'ER-LIFECYCLE-WRONG-PASSWORD': 'password' } as const;

/** Change password with the current one; the server applies the password policy. */
export function PasswordCard() {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { password: '', newPassword: '', confirmPassword: '' },
  });
  const submission = useSubmit(async ({ password, newPassword }: ChangePasswordForm) => {
    await changePassword(password, newPassword);
    form.reset();
  }, fieldOf);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    await submission.run(values);
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="privacy-password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <Title order={2} fz="lg" id="privacy-password-title">
            Password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.password?.message ?? submission.fieldErrors.password}
            {...form.register('password')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <FormAlert message={submission.error} />
          {submission.done ? (
            <Text size="sm" c="green.8" role="status">
              Your password was changed
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
