import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '../../components/form-alert';
import { NewPasswordFields } from '../../components/new-password-fields';
import { passwordPairSchema, type PasswordPair } from '../../lib/password-form';
import type { PasswordRules } from '../../sdk';

export const activateMessages = {
  passwordRequired: 'Password is required',
  confirmRequired: 'Confirm Password is required',
} as const;

interface ActivateFormProps {
  rules: PasswordRules | null;
  submitting: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
}

/** Step activatingForm: the new user chooses a password. */
export function ActivateForm({ rules, submitting, error, onSubmit }: ActivateFormProps) {
  const schema = useMemo(() => passwordPairSchema(activateMessages, rules?.minLength), [rules?.minLength]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<PasswordPair>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ password: value }) => onSubmit(value))}
      aria-label="Activate account"
    >
      <Stack gap="md">
        <FormAlert message={error} />
        <NewPasswordFields
          register={register}
          errors={errors}
          password={password}
          rules={rules}
          passwordLabel="Password"
          confirmLabel="Confirm Password"
        />
        <Button type="submit" fullWidth loading={submitting}>
          Activate account
        </Button>
      </Stack>
    </form>
  );
}
