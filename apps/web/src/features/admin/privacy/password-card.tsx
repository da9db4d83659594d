import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { useChangePassword } from '../../../sdk/admin/privacy';
import { changePasswordSchema, type ChangePasswordForm } from './privacy-rules';

/** Change password with the current one; the server applies the password policy. */
export function PasswordCard() {
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { password: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ password, newPassword }) => {
    setError(null);
    setChanged(false);
    try {
      await changePassword(password, newPassword);
      form.reset();
      setChanged(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Unknown error occurred');
    }
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
            error={errors.password?.message}
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
          <FormAlert message={error} />
          {changed ? (
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
