import { FormAlert } from '../../components/form-alert';
import { NewPasswordFields } from '../../components/new-password-fields';
import { usePasswordPairForm } from '../../lib/password-form';
import type { PasswordRules } from '../../sdk';
import { Button, Stack } from '../../components/plain-ui';

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
  const { register, handleSubmit, errors, password } = usePasswordPairForm(
    activateMessages,
    rules?.minLength,
  );

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
