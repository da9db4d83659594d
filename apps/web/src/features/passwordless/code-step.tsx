import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { ResendButton } from '../../components/check-inbox';
import { FormAlert } from '../../components/form-alert';
import { OneTimeCodeInput } from '../../components/one-time-code-input';
import { usePublicAuthStrategy } from '../../sdk';
import {
  usePasswordlessActions,
  usePasswordlessState,
  type PasswordlessType,
} from '../../sdk/hooks/passwordless';

const CODE_PATTERN = /^\d{6}$/;

interface CodeStepProps {
  /** Code: mailed (loginWithOtc); SmsCode: texted (loginWithSmsOtc, loginWithQuickSmsOtc). */
  type: Extract<PasswordlessType, 'Code' | 'SmsCode'>;
  onRestart: () => void;
}

/** SMS sign-in only: the way out for someone whose phone is gone (SPEC section 4 "Phone reset"). */
function LostPhoneLink({ email }: { email?: string }) {
  const strategy = usePublicAuthStrategy();
  if (strategy !== 'SmsCode' && strategy !== 'UsernameAndSms') return null;
  const query = email ? `?${new URLSearchParams({ email }).toString()}` : '';
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={`${paths.resetPhoneNumber}${query}`} fw={600}>
        Lost access to your phone?
      </Anchor>
    </Text>
  );
}

/** Steps loginWithOtc, loginWithSmsOtc and loginWithQuickSmsOtc: type the 6-digit code. */
export function CodeStep({ type, onRestart }: CodeStepProps) {
  const { email, phoneNumber, username, sentFor, loading, error } = usePasswordlessState();
  const actions = usePasswordlessActions();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

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
    void actions.postLogin(type, value, sentFor);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn(code);
  };
  const resend = () => {
    setCode('');
    void actions.sendAgain(type, sentFor);
  };

  const account = username ? `the account ${username}` : 'your account';
  const sentTo =
    type === 'Code'
      ? `We emailed a 6-digit code to ${email ?? `the email address of ${account}`}.`
      : `We texted a 6-digit code to ${phoneNumber ?? `the phone number of ${account}`}.`;

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
        {type === 'SmsCode' && <LostPhoneLink email={email} />}
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" fw={600} onClick={onRestart}>
            {phoneNumber
              ? 'Use a different phone number'
              : username
                ? 'Use a different username'
                : 'Use a different email'}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
