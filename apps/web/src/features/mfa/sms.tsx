import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '../../components/form-alert';
import { isPhoneNumber, normalizePhoneNumber } from '../../lib/phone-number';
import type { MfaFlow } from '../../sdk/hooks/mfa';
import { CodeForm } from './code-form';
import { useSendOnce } from './send-once';

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
        <TextInput
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

/** Step smsVerifyCode: the texted code, to enroll the phone or to verify with it. */
export function SmsCodeStep({ flow, footer }: { flow: MfaFlow; footer?: ReactNode }) {
  const enrolling = flow.mode === 'enroll';
  const device = enrolling ? undefined : flow.devices?.phones[0];
  const { sendSmsCode } = flow;
  const deviceId = device?.id;
  useSendOnce(useCallback(() => (deviceId ? sendSmsCode(deviceId) : undefined), [deviceId, sendSmsCode]));
  const phoneNumber = flow.phoneNumber ?? device?.phoneNumber ?? 'your phone';
  return (
    <CodeForm
      label="Code from your text message"
      loading={flow.loading}
      error={flow.error}
      rememberDays={flow.rememberDays}
      submitLabel="Verify"
      onSubmit={(code, remember) => flow.verifySmsCode(code, remember, deviceId)}
    >
      <Text size="sm" c="dimmed" ta="center">
        We texted a 6-digit code to {phoneNumber}. It expires in 5 minutes.{' '}
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={() => (deviceId ? sendSmsCode(deviceId) : flow.chooseStep('smsSetPhoneNumber'))}
        >
          {deviceId ? 'Resend code' : 'Change number'}
        </Anchor>
      </Text>
      {footer}
    </CodeForm>
  );
}
