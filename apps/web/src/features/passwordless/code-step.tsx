import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert';
import { OneTimeCodeInput } from '../../components/one-time-code-input';
import {
  usePasswordlessActions,
  usePasswordlessState,
  type PasswordlessType,
} from '../../sdk/hooks/passwordless';
import { ResendButton } from './resend-button';

const CODE_PATTERN = /^\d{6}$/;

interface CodeStepProps {
  /** Code: mailed (loginWithOtc); SmsCode: texted (loginWithSmsOtc, loginWithQuickSmsOtc). */
  type: Extract<PasswordlessType, 'Code' | 'SmsCode'>;
  onRestart: () => void;
}

/** Steps loginWithOtc, loginWithSmsOtc and loginWithQuickSmsOtc: type the 6-digit code. */
export function CodeStep({ type, onRestart }: CodeStepProps) {
  const { email, phoneNumber, loading, error } = usePasswordlessState();
  const actions = usePasswordlessActions();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const identifier = phoneNumber ? { phoneNumber } : { email };

  // A refused code is cleared, so the next attempt starts from an empty box.
  useEffect(() => {
    if (error) setCode('');
  }, [error]);

  const signIn = (value: string) => {
    if (!CODE_PATTERN.test(value)) {
      setFieldError('Enter the 6-digit code');
      return;
    }
    setFieldError(null);
    void actions.postLogin(type, value, identifier);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn(code);
  };
  const resend = () => {
    setCode('');
    if (phoneNumber) void actions.sendSmsCodeToPhone(phoneNumber);
    else if (email) void actions.sendToEmail(type, email);
  };

  const sentTo =
    type === 'Code'
      ? `We emailed a 6-digit code to ${email ?? 'your email address'}.`
      : phoneNumber
        ? `We texted a 6-digit code to ${phoneNumber}.`
        : 'We texted a 6-digit code to the phone number on your account.';

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={error} />
        <Text size="sm" c="dimmed" ta="center">
          {sentTo} It expires in 10 minutes.
        </Text>
        <OneTimeCodeInput
          value={code}
          onChange={(value) => {
            setCode(value);
            if (fieldError) setFieldError(null);
            // The sixth digit, typed or pasted, signs in: no need to reach for the button.
            if (CODE_PATTERN.test(value) && value !== code) signIn(value);
          }}
          error={fieldError}
          disabled={loading}
        />
        <Button type="submit" fullWidth loading={loading}>
          Sign in
        </Button>
        <ResendButton what="code" onResend={resend} />
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" fw={600} onClick={onRestart}>
            {phoneNumber ? 'Use a different phone number' : 'Use a different email'}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
