import { Alert, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorState, LoadingState, useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import type { GroupsConfiguration, GroupsConfigurationView } from '../../../sdk/admin/groups';

const switches: Array<{ setting: keyof GroupsConfiguration; label: string; description: string }> = [
  {
    setting: 'enabled',
    label: 'Groups',
    description:
      'Members of a group get its roles. Turned off, groups cannot be created, edited or given members, and they give no one their roles.',
  },
  {
    setting: 'rolesEnabled',
    label: 'Roles on groups',
    description:
      'Groups can be given roles, which reach their members. Turned off, groups give no one their roles.',
  },
];

/**
 * The tenant's groups configuration: two switches, each saved as it is turned. A viewer who may not
 * change groups sees them, turned off for input.
 */
export function GroupsSettings({ view, canChange }: { view: GroupsConfigurationView; canChange: boolean }) {
  const saving = useSubmit(view.save);
  // The switch shows where it is going while the server answers, and falls back if it refuses.
  const [pending, setPending] = useState<Partial<GroupsConfiguration> | null>(null);

  if (!view.loaded) return <LoadingState label="Loading groups settings..." />;
  if (view.error) return <ErrorState message={view.error} onRetry={view.load} />;

  const shown = { ...view.configuration, ...pending };
  const change = async (changes: Partial<GroupsConfiguration>) => {
    setPending(changes);
    await saving.run(changes);
    setPending(null);
  };
  const locked = !canChange || saving.pending;
  return (
    <Card withBorder component="section" aria-labelledby="groups-settings-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md" id="groups-settings-title">
            Groups settings
          </Title>
          {saving.pending ? (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Saving...
              </Text>
            </Group>
          ) : null}
        </Group>
        {switches.map(({ setting, label, description }) => (
          <Switch
            key={setting}
            label={label}
            description={description}
            checked={shown[setting]}
            disabled={locked}
            onChange={(event) => void change({ [setting]: event.currentTarget.checked })}
          />
        ))}
        {canChange ? null : (
          <Text size="sm" c="dimmed">
            Only an administrator who may change groups can change these settings.
          </Text>
        )}
        <FormAlert message={saving.error} title="The groups settings were not saved" />
      </Stack>
    </Card>
  );
}

/** What groups do for this account right now, said plainly above the list. */
export function GroupsNotice({ configuration }: { configuration: GroupsConfiguration }) {
  if (!configuration.enabled) {
    return (
      <Alert color="yellow" variant="light" title="Groups are turned off">
        Groups give their members no roles, and no group can be created, edited or given members. The existing
        groups are kept; they can still be deleted.
      </Alert>
    );
  }
  if (!configuration.rolesEnabled) {
    return (
      <Alert color="yellow" variant="light" title="Roles on groups are turned off">
        Groups give their members no roles, and no role can be added to a group.
      </Alert>
    );
  }
  return null;
}
