import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert';
import { anchorProps, Button, Stack, Text, TextField } from '../../components/plain-ui';
import { useMfaRecovery } from '../../sdk/hooks/mfa-recovery';

/** Step recoverTwoFactor: a recovery code turns two-factor off; the user then signs in again. */
export function RecoverTwoFactorStep() {
  const recovery = useMfaRecovery();
  const [recoveryCode, setRecoveryCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!recoveryCode.trim()) return setFieldError('Recovery code is required');
    setFieldError(null);
    recovery.recover({ email: recovery.email, recoveryCode: recoveryCode.trim() });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={recovery.error} />
        <Text size="sm">
          Enter the recovery code you saved when you set up two-factor authentication. It turns two-factor
          authentication off for {recovery.email || 'your account'}; sign in again afterwards.
        </Text>
        <TextField
          label="Recovery code"
          name="recoveryCode"
          autoComplete="off"
          autoFocus
          value={recoveryCode}
          onChange={(event) => {
            setRecoveryCode(event.currentTarget.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
        />
        <Button type="submit" fullWidth loading={recovery.loading}>
          Recover account
        </Button>
        <Text size="sm" style={{ textAlign: 'center' }}>
          <button {...anchorProps()} type="button" onClick={recovery.back}>
            Back to verification
          </button>
        </Text>
      </Stack>
    </form>
  );
}
