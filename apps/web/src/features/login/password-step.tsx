import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert';
import { PasswordField } from '../../components/password-field';
import { anchorProps, Button, Group, Stack, Text, TextField } from '../../components/plain-ui';

interface PasswordStepProps {
  email: string;
  loading: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
  onChangeEmail: () => void;
  /** 'Username' when signing in by username. */
  identifierLabel?: string;
}

/** The password box (step loginWithPassword). */
export function PasswordStep({
  email,
  loading,
  error,
  onSubmit,
  onChangeEmail,
  identifierLabel = 'Email',
}: PasswordStepProps) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setFieldError('Password is required');
      return;
    }
    onSubmit(password);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={error} />
        {/* Read-only, but a real field: password managers pair it with the password. */}
        <TextField
          label={identifierLabel}
          name="email"
          type={identifierLabel === 'Email' ? 'email' : 'text'}
          autoComplete="username"
          value={email}
          readOnly
          rightSectionWidth={80}
          rightSection={
            <button {...anchorProps('sm')} type="button" onClick={onChangeEmail}>
              Change
            </button>
          }
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          autoFocus
          required
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
        />
        <Button type="submit" fullWidth loading={loading}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

/** While the browser leaves for the user's identity provider (step redirectToSSO). */
export function RedirectToSsoStep() {
  return (
    <Group justify="center" style={{ paddingBlock: 'var(--mantine-spacing-md)' }}>
      <Text dimmed role="status">
        Redirecting you to your company&apos;s sign-in page...
      </Text>
    </Group>
  );
}
