import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState, useCan, useFieldAppearance } from '../../components/admin';
import { useSessionPolicy, type SessionPolicy } from '../../sdk/hooks/admin-security';
import { runSave, SaveStatus } from './save-status';
import { ToggledLimitCard } from './toggled-limit-card';

const WRITE = 'fe.secure.write.securityPolicy';

/** Session management: idle timeout, absolute timeout (force re-login) and max concurrent sessions. */
export function SessionTab() {
  const view = useSessionPolicy();
  const canWrite = useCan(WRITE);
  const idle = useFieldAppearance('security', 'idleSessionTimeout', WRITE);
  const absolute = useFieldAppearance('security', 'forceReLogin', WRITE);
  const concurrent = useFieldAppearance('security', 'maximumConcurrentSessions', WRITE);
  const [draft, setDraft] = useState<SessionPolicy>(view.policy);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { load } = view;
  useEffect(() => load(), [load]);
  useEffect(() => setDraft(view.policy), [view.policy]);

  if (view.loading && !saving) return <LoadingState />;
  if (view.error) return <ErrorState message={view.error} onRetry={load} />;

  const minutes = (seconds: number) => Math.round(seconds / 60);
  const editable = (appearance: string) => canWrite && appearance === 'edit';
  const change = <K extends keyof SessionPolicy>(key: K, values: Partial<SessionPolicy[K]>) =>
    setDraft({ ...draft, [key]: { ...draft[key], ...values } });
  return (
    <Stack gap="md">
      {idle === 'hidden' ? null : (
        <ToggledLimitCard
          editable={editable(idle)}
          toggle={{
            label: 'Idle session timeout',
            description: 'Sign users out after a time without activity',
            checked: draft.idle.isActive,
            onChange: (isActive) => change('idle', { isActive }),
          }}
          limit={{
            label: 'Idle timeout (minutes)',
            min: 1,
            max: 34_560,
            value: minutes(draft.idle.timeout),
            onChange: (value) => change('idle', { timeout: value * 60 }),
          }}
        />
      )}
      {absolute === 'hidden' ? null : (
        <ToggledLimitCard
          editable={editable(absolute)}
          toggle={{
            label: 'Force re-login',
            description: 'End every session this long after sign-in, active or not',
            checked: draft.absolute.isActive,
            onChange: (isActive) => change('absolute', { isActive }),
          }}
          limit={{
            label: 'Session lifetime (minutes)',
            min: 1,
            value: minutes(draft.absolute.timeout),
            onChange: (value) => change('absolute', { timeout: value * 60 }),
          }}
        />
      )}
      {concurrent === 'hidden' ? null : (
        <ToggledLimitCard
          editable={editable(concurrent)}
          toggle={{
            label: 'Maximum concurrent sessions',
            description: 'A new sign-in beyond the limit ends the oldest session',
            checked: draft.concurrent.isActive,
            onChange: (isActive) => change('concurrent', { isActive }),
          }}
          limit={{
            label: 'Sessions per user',
            min: 1,
            max: 100,
            value: draft.concurrent.maxSessions,
            onChange: (maxSessions) => change('concurrent', { maxSessions }),
          }}
        />
      )}
      <SaveStatus error={error} saved={saved} />
      <Group>
        <Button
          loading={saving}
          disabled={!canWrite}
          onClick={() => void runSave(() => view.save(draft), { setSaving, setError, setSaved })}
        >
          Save session settings
        </Button>
        {canWrite ? null : (
          <Text c="dimmed" size="sm">
            You can view these settings but not change them.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
