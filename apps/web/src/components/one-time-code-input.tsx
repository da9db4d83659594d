import { PinInput, Stack, Text } from '@mantine/core';

interface OneTimeCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the full code once every digit is typed or pasted. */
  onComplete?: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
  label?: string;
}

/**
 * A 6-digit one-time code (SPEC section 5: "MFA codes are 6 digits"): numeric keyboard,
 * `autocomplete="one-time-code"` so phones offer the texted code, and pasting a whole code works.
 */
export function OneTimeCodeInput({
  value,
  onChange,
  onComplete,
  error,
  disabled,
  label = 'Verification code',
}: OneTimeCodeInputProps) {
  return (
    <Stack gap={6} align="center">
      <Text component="label" id="one-time-code-label" size="sm" fw={500}>
        {label}
      </Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        autoFocus
        size="md"
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        disabled={disabled}
        error={Boolean(error)}
        aria-labelledby="one-time-code-label"
        getInputProps={(index) => ({ 'aria-label': `${label}, digit ${index + 1} of 6` })}
        data-testid="one-time-code"
      />
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
