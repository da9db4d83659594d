import { Button, Card, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState, useCan, useFieldAppearance } from '../../components/admin';
import { useSessionPolicy, type SessionPolicy } from '../../sdk/hooks/admin-security';
import { runSave, SaveStatus } from './save-status';

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
  return (
    <Stack gap="md">
      {idle === 'hidden' ? null : (
        <Card withBorder>
          <Stack gap="xs">
            <Switch
              label="Idle session timeout"
              description="Sign users out after a time without activity"
              checked={draft.idle.isActive}
              disabled={!editable(idle)}
              onChange={(event) =>
                setDraft({ ...draft, idle: { ...draft.idle, isActive: event.currentTarget.checked } })
              }
            />
            <NumberInput
              label="Idle timeout (minutes)"
              min={1}
              max={34_560}
              value={minutes(draft.idle.timeout)}
              disabled={!editable(idle) || !draft.idle.isActive}
              onChange={(value) =>
                setDraft({ ...draft, idle: { ...draft.idle, timeout: Number(value) * 60 } })
              }
            />
          </Stack>
        </Card>
      )}
      {absolute === 'hidden' ? null : (
        <Card withBorder>
          <Stack gap="xs">
            <Switch
              label="Force re-login"
              description="End every session this long after sign-in, active or not"
              checked={draft.absolute.isActive}
              disabled={!editable(absolute)}
              onChange={(event) =>
                setDraft({ ...draft, absolute: { ...draft.absolute, isActive: event.currentTarget.checked } })
              }
            />
            <NumberInput
              label="Session lifetime (minutes)"
              min={1}
              value={minutes(draft.absolute.timeout)}
              disabled={!editable(absolute) || !draft.absolute.isActive}
              onChange={(value) =>
                setDraft({ ...draft, absolute: { ...draft.absolute, timeout: Number(value) * 60 } })
              }
            />
          </Stack>
        </Card>
      )}
      {concurrent === 'hidden' ? null : (
        <Card withBorder>
          <Stack gap="xs">
            <Switch
              label="Maximum concurrent sessions"
              description="A new sign-in beyond the limit ends the oldest session"
              checked={draft.concurrent.isActive}
              disabled={!editable(concurrent)}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  concurrent: { ...draft.concurrent, isActive: event.currentTarget.checked },
                })
              }
            />
            <NumberInput
              label="Sessions per user"
              min={1}
              max={100}
              value={draft.concurrent.maxSessions}
              disabled={!editable(concurrent) || !draft.concurrent.isActive}
              onChange={(value) =>
                setDraft({ ...draft, concurrent: { ...draft.concurrent, maxSessions: Number(value) } })
              }
            />
          </Stack>
        </Card>
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
