import { Anchor, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorState, LoadingState, useCan, useSubmit } from '../../../components/admin';
import { ColourInput } from '../../../components/colour-input';
import { FormAlert } from '../../../components/form-alert';
import { useAccountSettings, useCustomLogin, type CustomLoginBox } from '../../../sdk/admin/account';
import { LogoField } from './logo-field';

const WRITE = 'fe.account-settings.write.custom-login-box';

/** Tab "customLogin": the account's own login box (logo, primary colour, social login placement). */
export function CustomLoginTab() {
  const { loginBox, loading, error, load, save } = useCustomLogin();
  const { settings, load: loadSettings } = useAccountSettings();
  const canWrite = useCan(WRITE);
  const [form, setForm] = useState<CustomLoginBox | null>(null);
  const submission = useSubmit(save);

  useEffect(() => {
    load();
    loadSettings();
  }, [load, loadSettings]);
  useEffect(() => {
    if (!loading && form === null && !error) setForm(loginBox);
  }, [loading, form, error, loginBox]);

  if (error && form === null) return <ErrorState message={error} onRetry={load} />;
  if (form === null) return <LoadingState />;

  const change = (next: Partial<CustomLoginBox>) => {
    submission.reset();
    setForm({ ...form, ...next });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await submission.run(form);
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Custom login">
      <Stack gap="md" maw={560}>
        {settings.loginUrl ? (
          <Text size="sm">
            Your account's login address:{' '}
            <Anchor href={settings.loginUrl} target="_blank" rel="noreferrer">
              {settings.loginUrl}
            </Anchor>
          </Text>
        ) : null}
        <LogoField
          label="Login box logo"
          value={form.logo}
          disabled={!canWrite}
          onChange={(logo) => change({ logo })}
        />
        <ColourInput
          label="Primary colour"
          format="hex"
          value={form.primaryColor}
          disabled={!canWrite}
          onChange={(primaryColor) => change({ primaryColor })}
        />
        <NativeSelect
          label="Social login buttons"
          data={[
            { value: 'top', label: 'Above the form' },
            { value: 'bottom', label: 'Below the form' },
          ]}
          value={form.socialLoginsPlacement}
          disabled={!canWrite}
          onChange={(event) =>
            change({ socialLoginsPlacement: event.currentTarget.value === 'bottom' ? 'bottom' : 'top' })
          }
        />
        <FormAlert message={submission.error} />
        {submission.done ? (
          <Text size="sm" c="green" role="status">
            Login box saved
          </Text>
        ) : null}
        {canWrite ? (
          <Group>
            <Button type="submit" loading={submission.pending}>
              Save login box
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
