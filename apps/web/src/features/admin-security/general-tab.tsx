import { Button, Card, Group, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState, useCan, useFieldAppearance } from '../../components/admin';
import {
  useGeneralSettings,
  type EnforceMfaType,
  type GeneralSettings,
} from '../../sdk/hooks/admin-security';
import { runSave, SaveStatus } from './save-status';

const WRITE = 'fe.secure.write.securityPolicy';
const MFA_OPTIONS: { value: EnforceMfaType; label: string }[] = [
  { value: 'DontForce', label: 'Optional: users choose' },
  { value: 'Force', label: 'Required for everyone' },
  { value: 'ForceExceptSAML', label: 'Required, except users signing in with SSO' },
];

/** General settings: MFA policy, lockout, password history and rotation, captcha (view). */
export function GeneralTab() {
  const view = useGeneralSettings();
  const canWrite = useCan(WRITE);
  const mfa = useFieldAppearance('security', 'mfa', WRITE);
  const lockout = useFieldAppearance('security', 'userLockout', WRITE);
  const history = useFieldAppearance('security', 'passwordHistory', WRITE);
  const [draft, setDraft] = useState<GeneralSettings>(view.settings);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { load } = view;
  const loadedKey = JSON.stringify(view.settings);
  useEffect(() => load(), [load]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft follows the loaded values, compared by content
  useEffect(() => setDraft(view.settings), [loadedKey]);

  if (view.loading && !saving) return <LoadingState />;
  if (view.error && !saving) return <ErrorState message={view.error} onRetry={load} />;
  const editable = (appearance: string) => canWrite && appearance === 'edit';

  return (
    <Stack gap="md">
      {mfa === 'hidden' ? null : (
        <Card withBorder>
          <Select
            label="Multi-factor authentication"
            description="Required MFA makes every user enroll a second factor at their next sign-in"
            data={MFA_OPTIONS}
            value={draft.enforceMFAType}
            allowDeselect={false}
            disabled={!editable(mfa)}
            onChange={(value) => value && setDraft({ ...draft, enforceMFAType: value as EnforceMfaType })}
          />
        </Card>
      )}
      {lockout === 'hidden' ? null : (
        <Card withBorder>
          <Stack gap="xs">
            <Switch
              label="User lockout"
              description="Lock an account after too many wrong passwords"
              checked={draft.lockout.enabled}
              disabled={!editable(lockout)}
              onChange={(event) =>
                setDraft({ ...draft, lockout: { ...draft.lockout, enabled: event.currentTarget.checked } })
              }
            />
            <NumberInput
              label="Failed attempts before lockout"
              min={1}
              max={100}
              value={draft.lockout.maxAttempts}
              disabled={!editable(lockout) || !draft.lockout.enabled}
              onChange={(value) =>
                setDraft({ ...draft, lockout: { ...draft.lockout, maxAttempts: Number(value) } })
              }
            />
          </Stack>
        </Card>
      )}
      {history === 'hidden' ? null : (
        <Card withBorder>
          <Stack gap="xs">
            <Switch
              label="Password history"
              description="Refuse a new password equal to one of the last ones"
              checked={draft.history.enabled}
              disabled={!editable(history)}
              onChange={(event) =>
                setDraft({ ...draft, history: { ...draft.history, enabled: event.currentTarget.checked } })
              }
            />
            <NumberInput
              label="Passwords remembered"
              min={1}
              max={10}
              value={draft.history.historySize}
              disabled={!editable(history) || !draft.history.enabled}
              onChange={(value) =>
                setDraft({ ...draft, history: { ...draft.history, historySize: Number(value) } })
              }
            />
          </Stack>
        </Card>
      )}
      <Card withBorder>
        <Stack gap="xs">
          <Switch
            label="Password rotation"
            description="Ask users to change their password periodically"
            checked={draft.rotation.isActive}
            disabled={!canWrite}
            onChange={(event) =>
              setDraft({ ...draft, rotation: { ...draft.rotation, isActive: event.currentTarget.checked } })
            }
          />
          <NumberInput
            label="Rotation period (days)"
            min={1}
            max={1825}
            value={Math.round(draft.rotation.rotationPeriod / 1440)}
            disabled={!canWrite || !draft.rotation.isActive}
            onChange={(value) =>
              setDraft({ ...draft, rotation: { ...draft.rotation, rotationPeriod: Number(value) * 1440 } })
            }
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Text fw={600}>Captcha</Text>
        <Text size="sm" c="dimmed">
          {draft.captcha.enabled
            ? 'Sign-in and sign-up are protected by a captcha.'
            : 'No captcha on sign-in and sign-up.'}
        </Text>
      </Card>
      <SaveStatus error={error} saved={saved} />
      <Group>
        <Button
          loading={saving}
          disabled={!canWrite}
          onClick={() => void runSave(() => view.save(draft), { setSaving, setError, setSaved })}
        >
          Save general settings
        </Button>
      </Group>
    </Stack>
  );
}
