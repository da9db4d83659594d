import { PasswordField } from './password-field';
import type { FieldErrors, Form } from '../lib/form';
import type { PasswordPair } from '../lib/password-form';
import { PasswordHints, type PasswordRulesView } from './password-hints';
import { Stack } from './plain-ui';

interface NewPasswordFieldsProps {
  register: Form<PasswordPair, PasswordPair>['register'];
  errors: FieldErrors<PasswordPair>;
  /** The password as typed, for the live hints. */
  password: string;
  rules: PasswordRulesView | null;
  passwordLabel: string;
  confirmLabel: string;
}

/** Password + confirmation, with the policy hints under the first field. */
export function NewPasswordFields({
  register,
  errors,
  password,
  rules,
  passwordLabel,
  confirmLabel,
}: NewPasswordFieldsProps) {
  return (
    <Stack gap="md">
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        autoFocus
        required
        aria-describedby="password-hints"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordHints id="password-hints" password={password} rules={rules} />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </Stack>
  );
}
