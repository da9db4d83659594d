import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorState, LoadingState, useCan, useFieldAppearance, useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import {
  accountSettingsUpdate,
  useAccountSettings,
  type AccountSettingsChanges,
} from '../../../sdk/admin/account';
import { LogoField } from './logo-field';
import { currencies, dateFormats, timeFormats, timezones, withCurrent } from './options';

const WRITE = 'fe.secure.write.accountSettings';

/** Tab "settings": name, address, website, timezone, date and time format, currency, logo. */
export function SettingsTab() {
  const { settings, loaded, loading, error, load, save } = useAccountSettings();
  const canWrite = useCan(WRITE);
  const appearance = {
    companyName: useFieldAppearance('account', 'companyName', WRITE),
    address: useFieldAppearance('account', 'address', WRITE),
    website: useFieldAppearance('account', 'website', WRITE),
    timezone: useFieldAppearance('account', 'timezone', WRITE),
    currency: useFieldAppearance('account', 'currency', WRITE),
  };
  const [form, setForm] = useState<AccountSettingsChanges | null>(null);
  // The values as last loaded or saved: a save sends only what differs from them.
  const [saved, setSaved] = useState<AccountSettingsChanges | null>(null);
  const submission = useSubmit(async (next: AccountSettingsChanges) => {
    const update = accountSettingsUpdate(saved ?? next, next);
    if (Object.keys(update).length === 0) throw new Error('No changes to update');
    await save(update);
    setSaved(next);
  });

  useEffect(() => load(), [load]);
  useEffect(() => {
    if (loaded && !loading && !error && form === null) {
      const { loginUrl: _loginUrl, ...values } = settings;
      setForm(values);
      setSaved(values);
    }
  }, [loaded, loading, error, form, settings]);

  if (loaded && error && form === null) return <ErrorState message={error} onRetry={load} />;
  if (form === null) return <LoadingState />;

  const set = (key: keyof AccountSettingsChanges) => (value: string) => {
    submission.reset();
    setForm({ ...form, [key]: value });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await submission.run(form);
  };
  const readOnly = (field: keyof typeof appearance) => appearance[field] !== 'edit';

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Account settings">
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {appearance.companyName !== 'hidden' ? (
            <TextInput
              label="Account name"
              autoComplete="organization"
              required
              value={form.name}
              readOnly={readOnly('companyName')}
              onChange={(event) => set('name')(event.currentTarget.value)}
            />
          ) : null}
          {appearance.website !== 'hidden' ? (
            <TextInput
              label="Website"
              type="url"
              autoComplete="url"
              placeholder="https://"
              value={form.website}
              readOnly={readOnly('website')}
              onChange={(event) => set('website')(event.currentTarget.value)}
            />
          ) : null}
        </SimpleGrid>
        {appearance.address !== 'hidden' ? (
          <TextInput
            label="Address"
            autoComplete="street-address"
            value={form.address}
            readOnly={readOnly('address')}
            onChange={(event) => set('address')(event.currentTarget.value)}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {appearance.timezone !== 'hidden' ? (
            <NativeSelect
              label="Timezone"
              data={['', ...withCurrent(timezones(), form.timezone)]}
              value={form.timezone}
              disabled={readOnly('timezone')}
              onChange={(event) => set('timezone')(event.currentTarget.value)}
            />
          ) : null}
          {appearance.currency !== 'hidden' ? (
            <NativeSelect
              label="Currency"
              data={['', ...withCurrent(currencies, form.currency)]}
              value={form.currency}
              disabled={readOnly('currency')}
              onChange={(event) => set('currency')(event.currentTarget.value)}
            />
          ) : null}
          <NativeSelect
            label="Date format"
            data={['', ...withCurrent(dateFormats, form.dateFormat)]}
            value={form.dateFormat}
            disabled={!canWrite}
            onChange={(event) => set('dateFormat')(event.currentTarget.value)}
          />
          <NativeSelect
            label="Time format"
            data={['', ...withCurrent(timeFormats, form.timeFormat)]}
            value={form.timeFormat}
            disabled={!canWrite}
            onChange={(event) => set('timeFormat')(event.currentTarget.value)}
          />
        </SimpleGrid>
        <LogoField label="Logo" value={form.logo} disabled={!canWrite} onChange={set('logo')} />
        <FormAlert message={submission.error} />
        {submission.done ? (
          <Text size="sm" c="green" role="status">
            Account settings saved
          </Text>
        ) : null}
        {canWrite ? (
          <Group>
            <Button type="submit" loading={submission.pending}>
              Save
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
