import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { usePasswordlessActions, usePasswordlessState } from '../../sdk/hooks/passwordless';
import { isPhoneNumber, normalizePhoneNumber, PHONE_NUMBER_MESSAGE } from '../../lib/phone-number';

/** Quick SMS login: a phone number instead of the email, then step loginWithQuickSmsOtc. */
export function QuickSmsForm() {
  const { loading } = usePasswordlessState();
  const { sendSmsCodeToPhone } = usePasswordlessActions();
  const [isOpen, setOpen] = useState(false);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  if (!isOpen) {
    return (
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" fw={600} onClick={() => setOpen(true)}>
          Sign in with your phone number instead
        </Anchor>
      </Text>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = normalizePhoneNumber(phoneNumber);
    if (!isPhoneNumber(normalized)) {
      setFieldError(PHONE_NUMBER_MESSAGE);
      return;
    }
    void sendSmsCodeToPhone(normalized);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Sign in with your phone number">
      <Stack gap="sm">
        <TextInput
          label="Phone number"
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+1 555 010 0199"
          autoFocus
          value={phoneNumber}
          onChange={(event) => {
            setPhoneNumber(event.currentTarget.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
        />
        <Button type="submit" variant="light" fullWidth loading={loading}>
          Text me a code
        </Button>
      </Stack>
    </form>
  );
}
