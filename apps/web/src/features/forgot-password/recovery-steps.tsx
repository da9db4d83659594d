import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { NewPasswordFields } from '../../components/new-password-fields';
import { anchorProps, Button, Stack, Text, TextField } from '../../components/plain-ui';
import { usePasswordPairForm } from '../../lib/password-form';
import { useForgotPassword, usePasswordRecovery } from '../../sdk';

const CODE_LENGTH = 6;

/** passwordRecoverySelector: both email and SMS are active; the user picks one. */
export function RecoverySelectorStep() {
  const recovery = usePasswordRecovery();
  return (
    <Stack gap="md">
      <FormAlert message={recovery.error} />
      <Text size="sm" dimmed style={{ textAlign: 'center' }}>
        How would you like to reset your password?
      </Text>
      <Button fullWidth loading={recovery.loading} onClick={() => void recovery.sendEmail()}>
        Email me a reset link
      </Button>
      <Button fullWidth variant="default" disabled={recovery.loading} onClick={recovery.chooseSms}>
        Text me a code
      </Button>
    </Stack>
  );
}

/** resetPasswordViaSms: a code goes to the account's phone, then the user types it. */
export function SmsRecoveryStep() {
  const recovery = usePasswordRecovery();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const sent = useRef(false);

  const { sendSms } = recovery;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void sendSms();
  }, [sendSms]);

  const submit = () => {
    if (!/^\d{6}$/.test(code)) {
      setCodeError('Enter the 6-digit code');
      return;
    }
    void recovery.verifySms(code);
  };

  return (
    <form
      noValidate
      aria-label="Reset password by SMS"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <FormAlert message={recovery.error} />
        <Text size="sm" dimmed style={{ textAlign: 'center' }}>
          If your account has a phone number, we texted it a {CODE_LENGTH}-digit code. Enter it below.
        </Text>
        <TextField
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          autoFocus
          required
          value={code}
          error={codeError}
          onChange={(event) => {
            setCode(event.currentTarget.value.replace(/\D/g, ''));
            setCodeError(null);
          }}
        />
        <Button type="submit" fullWidth loading={recovery.loading}>
          Verify code
        </Button>
        <button {...anchorProps('sm', { bold: false })} type="button" onClick={() => void recovery.sendSms()}>
          Send a new code
        </button>
      </Stack>
    </form>
  );
}

/** resetPasswordPage: the texted code proved the account; choose the new password here. */
export function NewPasswordStep({ userId, token }: { userId: string; token: string }) {
  const forgot = useForgotPassword();
  const { register, handleSubmit, errors, password } = usePasswordPairForm({
    passwordRequired: 'New Password is required',
    confirmRequired: 'Confirm New Password is required',
  });
  return (
    <form
      noValidate
      aria-label="Reset password"
      onSubmit={handleSubmit(
        ({ password: value }) => void forgot.resetPassword({ userId, token, password: value }),
      )}
    >
      <Stack gap="md">
        <FormAlert message={forgot.error} />
        <NewPasswordFields
          register={register}
          errors={errors}
          password={password}
          rules={forgot.passwordConfig}
          passwordLabel="New Password"
          confirmLabel="Confirm New Password"
        />
        <Button type="submit" fullWidth loading={forgot.loading}>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
