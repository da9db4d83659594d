import { Button, Checkbox, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '../../components/form-alert';
import { OneTimeCodeInput } from '../../components/one-time-code-input';

/** SPEC section 5: MFA codes are 6 digits. */
export const MFA_CODE_PATTERN = /^\d{6}$/;
export const MFA_CODE_MESSAGE = 'Enter the 6-digit code';

interface CodeFormProps {
  label?: string;
  loading: boolean;
  error: string | null;
  /** "Remember this device" is offered when the MFA policy allows it, for its period. */
  rememberDays?: number | null;
  submitLabel: string;
  onSubmit: (code: string, rememberDevice: boolean) => void;
  children?: ReactNode;
}

/** A 6-digit code, "remember this device" when allowed, and the submit button. */
export function CodeForm({
  label,
  loading,
  error,
  rememberDays,
  submitLabel,
  onSubmit,
  children,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const send = (value: string) => {
    if (!MFA_CODE_PATTERN.test(value)) {
      setFieldError(MFA_CODE_MESSAGE);
      return;
    }
    setFieldError(null);
    onSubmit(value, remember);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(code);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={error} />
        <OneTimeCodeInput
          label={label}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
          disabled={loading}
        />
        {rememberDays ? (
          <Checkbox
            label={`Remember this device for ${rememberDays} ${rememberDays === 1 ? 'day' : 'days'}`}
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
        ) : null}
        <Button type="submit" fullWidth loading={loading}>
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
