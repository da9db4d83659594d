import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert';
import { Button, Stack, TextField } from '../../components/plain-ui';
import { isEmail, messages } from '../../lib/validation';

interface IdentifierStepProps {
  defaultEmail: string;
  loading: boolean;
  error: string | null;
  onSubmit: (email: string) => void;
  /** Username* strategies: a username is welcome too (an email still works). */
  acceptsUsername?: boolean;
}

export const USERNAME_REQUIRED = 'Username or email is required.';

export function validateIdentifier(email: string, acceptsUsername = false): string | null {
  if (email.trim() === '') return acceptsUsername ? USERNAME_REQUIRED : messages.emailRequired;
  if (acceptsUsername && !email.includes('@')) return null;
  return isEmail(email) ? null : messages.emailInvalid;
}

// The login forms use plain state rather than react-hook-form: they are on the critical
// path, and two fields do not need a form library (bundle budget: docs/decisions).

/** First step: who is signing in. The server then picks the next step (SSO, password ...). */
export function IdentifierStep({
  defaultEmail,
  loading,
  error,
  onSubmit,
  acceptsUsername = false,
}: IdentifierStepProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateIdentifier(email, acceptsUsername);
    setFieldError(problem);
    if (!problem) onSubmit(email.trim());
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={error} />
        <TextField
          label={acceptsUsername ? 'Username or email' : 'Email'}
          name={acceptsUsername ? 'username' : 'email'}
          placeholder={acceptsUsername ? undefined : 'name@company.com'}
          type={acceptsUsername ? 'text' : 'email'}
          autoComplete="username"
          autoCapitalize="none"
          inputMode={acceptsUsername ? 'text' : 'email'}
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
