import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useForm } from '../../lib/form';
import { OneTimeCodeInput } from '../../components/one-time-code-input';
import type { ResetPhoneNumberFlow } from '../../sdk/hooks/reset-phone-number';
import { emailRules, phoneRules, type EmailValues, type PhoneValues } from './form-rules';
import { anchorProps, Button, Stack, Text, TextField } from '../../components/plain-ui';

const CODE_PATTERN = /^\d{6}$/;
export const CODE_MESSAGE = 'Enter the 6-digit code';

/** Step ResetPhoneNumber: the account's email, to mail a code to. */
export function EmailStep({ flow, defaultEmail }: { flow: ResetPhoneNumberFlow; defaultEmail: string }) {
  const { register, handleSubmit, errors } = useForm<EmailValues>({
    defaultValues: { email: defaultEmail },
    ...emailRules,
  });
  return (
    <form
      noValidate
      aria-label="Reset phone number"
      onSubmit={handleSubmit(({ email }) => flow.sendCode(email))}
    >
      <Stack gap="md">
        <FormAlert message={flow.error} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" fullWidth loading={flow.loading}>
          Send code
        </Button>
      </Stack>
    </form>
  );
}

/** Step VerifyResetPhoneNumber: the code mailed to the account. */
export function VerifyCodeStep({ flow }: { flow: ResetPhoneNumberFlow }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // A refused code is cleared, so the next attempt starts from an empty box.
  useEffect(() => {
    if (flow.error && !flow.loading) setCode('');
  }, [flow.error, flow.loading]);
  const verify = (value: string) => {
    if (!CODE_PATTERN.test(value)) return setFieldError(CODE_MESSAGE);
    setFieldError(null);
    flow.verifyCode(value);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify(code);
  };
  return (
    <form noValidate aria-label="Verify email code" onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={flow.error} />
        <Text size="sm" dimmed style={{ textAlign: 'center' }}>
          We emailed a 6-digit code to {flow.email ?? 'your email address'}. It expires in 10 minutes.
        </Text>
        <OneTimeCodeInput
          label="Code from your email"
          value={code}
          onChange={(value) => {
            setCode(value);
            if (fieldError) setFieldError(null);
            // The sixth digit, typed or pasted, sends the code: no need to reach for the button.
            if (CODE_PATTERN.test(value) && value !== code) verify(value);
          }}
          error={fieldError}
          disabled={flow.loading}
        />
        <Button type="submit" fullWidth loading={flow.loading}>
          Continue
        </Button>
        <Text size="sm" style={{ textAlign: 'center' }}>
          Didn&apos;t get it?{' '}
          <button
            {...anchorProps()}
            type="button"
            onClick={() => {
              setCode('');
              if (flow.email) flow.sendCode(flow.email);
            }}
          >
            Send a new code
          </button>{' '}
          or{' '}
          <button {...anchorProps()} type="button" onClick={flow.restart}>
            use a different email
          </button>
        </Text>
      </Stack>
    </form>
  );
}

/** Step ChangePhoneNumber: the new number; the store then texts a sign-in code to it. */
export function ChangePhoneStep({ flow }: { flow: ResetPhoneNumberFlow }) {
  const { register, handleSubmit, errors } = useForm<PhoneValues>({
    defaultValues: { phoneNumber: '' },
    ...phoneRules,
  });
  return (
    <form
      noValidate
      aria-label="Change phone number"
      onSubmit={handleSubmit(({ phoneNumber }) => flow.changePhoneNumber(phoneNumber))}
    >
      <Stack gap="md">
        <FormAlert message={flow.error} />
        <TextField
          label="New phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+1 555 010 0199"
          autoFocus
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <Button type="submit" fullWidth loading={flow.loading}>
          Save and send code
        </Button>
      </Stack>
    </form>
  );
}
