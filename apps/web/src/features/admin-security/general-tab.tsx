import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState, useCan, useFieldAppearance } from '../../components/admin';
import {
  useGeneralSettings,
  type EnforceMfaType,
  type GeneralSettings,
} from '../../sdk/hooks/admin-security';
import { runSave, SaveStatus } from './save-status';
import { ToggledLimitCard } from './toggled-limit-card';

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
  const change = <K extends 'lockout' | 'history' | 'rotation'>(
    key: K,
    values: Partial<GeneralSettings[K]>,
  ) => setDraft({ ...draft, [key]: { ...draft[key], ...values } });

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
        <ToggledLimitCard
          editable={editable(lockout)}
          toggle={{
            label: 'User lockout',
            description: 'Lock an account after too many wrong passwords',
            checked: draft.lockout.enabled,
            onChange: (enabled) => change('lockout', { enabled }),
          }}
          limit={{
            label: 'Failed attempts before lockout',
            min: 1,
            max: 100,
            value: draft.lockout.maxAttempts,
            onChange: (maxAttempts) => change('lockout', { maxAttempts }),
          }}
        />
      )}
      {history === 'hidden' ? null : (
        <ToggledLimitCard
          editable={editable(history)}
          toggle={{
            label: 'Password history',
            description: 'Refuse a new password equal to one of the last ones',
            checked: draft.history.enabled,
            onChange: (enabled) => change('history', { enabled }),
          }}
          limit={{
            label: 'Passwords remembered',
            min: 1,
            max: 10,
            value: draft.history.historySize,
            onChange: (historySize) => change('history', { historySize }),
          }}
        />
      )}
      <ToggledLimitCard
        editable={canWrite}
        toggle={{
          label: 'Password rotation',
          description: 'Ask users to change their password periodically',
          checked: draft.rotation.isActive,
          onChange: (isActive) => change('rotation', { isActive }),
        }}
        limit={{
          label: 'Rotation period (days)',
          min: 1,
          max: 1825,
          value: Math.round(draft.rotation.rotationPeriod / 1440),
          onChange: (days) => change('rotation', { rotationPeriod: days * 1440 }),
        }}
      />
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
