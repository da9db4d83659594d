import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert';
import { isEmail, messages } from '../../lib/validation';

interface IdentifierStepProps {
  defaultEmail: string;
  loading: boolean;
  error: string | null;
  onSubmit: (email: string) => void;
}

export function validateIdentifier(email: string): string | null {
  if (email.trim() === '') return messages.emailRequired;
  return isEmail(email) ? null : messages.emailInvalid;
}

// The login forms use plain state rather than react-hook-form: they are on the critical
// path, and two fields do not need a form library (bundle budget: docs/decisions).

/** First step: who is signing in. The server then picks the next step (SSO, password ...). */
export function IdentifierStep({ defaultEmail, loading, error, onSubmit }: IdentifierStepProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateIdentifier(email);
    setFieldError(problem);
    if (!problem) onSubmit(email.trim());
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={error} />
        <TextInput
          label="Email"
          name="email"
          placeholder="name@company.com"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoFocus
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
        />
        <Button type="submit" fullWidth loading={loading}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
