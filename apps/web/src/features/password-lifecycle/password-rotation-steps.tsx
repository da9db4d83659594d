import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { NewPasswordFields } from '../../components/new-password-fields';
import { PasswordField } from '../../components/password-field';
import { usePasswordPairForm } from '../../lib/password-form';
import { describeError, usePasswordLifecycle } from '../../sdk';

const newPasswordMessages = {
  passwordRequired: 'New Password is required',
  confirmRequired: 'Confirm New Password is required',
} as const;

const MINUTES_PER_DAY = 24 * 60;

/** "3 days", "1 day", "less than a day" from the login answer's minutes. */
export function describeExpiresIn(minutes: number | undefined): string {
  if (minutes === undefined) return 'soon';
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  if (days < 1) return 'in less than a day';
  return `in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * passwordRotationExpired: the login answered a one-time reset token instead of a session;
 * the new password is set with it, then the user is signed in with the new password.
 */
export function PasswordRotationExpiredStep({ email }: { email: string }) {
  const lifecycle = usePasswordLifecycle();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, errors, password } = usePasswordPairForm(newPasswordMessages);
  const address = email || lifecycle.email;

  const submit = handleSubmit(async ({ password: value }) => {
    if (!lifecycle.userId || !lifecycle.resetPasswordToken) return;
    setFailure(null);
    setSaving(true);
    try {
      await lifecycle.setNewPassword({
        userId: lifecycle.userId,
        token: lifecycle.resetPasswordToken,
        password: value,
      });
      await lifecycle.signIn(address, value);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form noValidate aria-label="Set a new password" onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <FormAlert message={failure} />
        <Text size="sm" c="dimmed">
          Your organization asks you to change your password regularly. Choose a password you have not used
          before.
        </Text>
        <NewPasswordFields
          register={register}
          errors={errors}
          password={password}
          rules={null}
          passwordLabel="New Password"
          confirmLabel="Confirm New Password"
        />
        <Button type="submit" fullWidth loading={saving}>
          Set new password
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={lifecycle.restart}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

/** passwordRotationNotification: signed in, the password expires within the notification period. */
export function PasswordRotationNotificationStep() {
  const lifecycle = usePasswordLifecycle();
  const [changing, setChanging] = useState(false);
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, errors, password } = usePasswordPairForm(newPasswordMessages);

  const submit = handleSubmit(async ({ password: value }) => {
    if (current === '') {
      setCurrentError('Current Password is required');
      return;
    }
    setFailure(null);
    setSaving(true);
    try {
      await lifecycle.changePassword({ password: current, newPassword: value });
      await lifecycle.continueAfterLogin();
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setSaving(false);
    }
  });

  if (!changing) {
    return (
      <Stack gap="md">
        <Text ta="center" role="status">
          Your password expires {describeExpiresIn(lifecycle.passwordExpiresIn)}. Change it now to keep
          signing in without interruption.
        </Text>
        <Group grow>
          <Button variant="default" onClick={() => void lifecycle.continueAfterLogin()}>
            Remind me later
          </Button>
          <Button onClick={() => setChanging(true)}>Change password</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form noValidate aria-label="Change password" onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <FormAlert message={failure} />
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          required
          value={current}
          error={currentError}
          onChange={(event) => {
            setCurrent(event.currentTarget.value);
            setCurrentError(null);
          }}
        />
        <NewPasswordFields
          register={register}
          errors={errors}
          password={password}
          rules={null}
          passwordLabel="New Password"
          confirmLabel="Confirm New Password"
        />
        <Button type="submit" fullWidth loading={saving}>
          Change password
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void lifecycle.continueAfterLogin()}
        >
          Remind me later
        </Anchor>
      </Stack>
    </form>
  );
}
