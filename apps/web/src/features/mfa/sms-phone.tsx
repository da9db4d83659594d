import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert';
import { Button, Stack, TextField } from '../../components/plain-ui';
import { isPhoneNumber, normalizePhoneNumber } from '../../lib/phone-number';
import type { MfaFlow } from '../../sdk/hooks/mfa';

/** Step smsSetPhoneNumber (forced enrollment): the number to text a code to. */
export function SmsPhoneStep({ flow }: { flow: MfaFlow }) {
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phoneNumber = normalizePhoneNumber(phone);
    if (!phoneNumber) return setFieldError('Phone number is required');
    if (!isPhoneNumber(phoneNumber))
      return setFieldError('Enter the number with its country code, e.g. +15550100199');
    setFieldError(null);
    flow.sendPhoneNumber(phoneNumber);
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={flow.error} />
        <TextField
          label="Phone number"
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          placeholder="+15550100199"
          autoFocus
          value={phone}
          onChange={(event) => {
            setPhone(event.currentTarget.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
        />
        <Button type="submit" fullWidth loading={flow.loading}>
          Send code
        </Button>
      </Stack>
    </form>
  );
}
