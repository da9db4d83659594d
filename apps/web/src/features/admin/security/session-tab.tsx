import { Stack, Text } from '@mantine/core';
import { ErrorState, LoadingState, useCan, useFieldAppearance } from '../../../components/admin';
import { useSessionPolicy, type SessionPolicy } from './use-security-settings';
import { SaveBar } from './save-status';
import { ToggledLimitCards, type ToggledLimit } from './toggled-limit-card';
import { useSettingsDraft } from './use-settings-draft';

const WRITE = 'fe.secure.write.securityPolicy';
/** Timeouts are kept in seconds and shown in minutes. */
const MINUTE = 60;
const LIMITS: ToggledLimit<SessionPolicy>[] = [
  {
    section: 'idle',
    flag: 'isActive',
    amount: 'timeout',
    unit: MINUTE,
    toggle: { label: 'Idle session timeout', description: 'Sign users out after a time without activity' },
    limit: { label: 'Idle timeout (minutes)', min: 1, max: 34_560 },
  },
  {
    section: 'absolute',
    flag: 'isActive',
    amount: 'timeout',
    unit: MINUTE,
    toggle: {
      label: 'Force re-login',
      description: 'End every session this long after sign-in, active or not',
    },
    limit: { label: 'Session lifetime (minutes)', min: 1 },
  },
  {
    section: 'concurrent',
    flag: 'isActive',
    amount: 'maxSessions',
    toggle: {
      label: 'Maximum concurrent sessions',
      description: 'A new sign-in beyond the limit ends the oldest session',
    },
    limit: { label: 'Sessions per user', min: 1, max: 100 },
  },
];

/** Session management: idle timeout, absolute timeout (force re-login) and max concurrent sessions. */
export function SessionTab() {
  const view = useSessionPolicy();
  const canWrite = useCan(WRITE);
  const idle = useFieldAppearance('security', 'idleSessionTimeout', WRITE);
  const absolute = useFieldAppearance('security', 'forceReLogin', WRITE);
  const concurrent = useFieldAppearance('security', 'maximumConcurrentSessions', WRITE);
  const settings = useSettingsDraft({ loaded: view.policy, load: view.load, save: view.save });

  if (view.loading && !settings.saving) return <LoadingState />;
  if (view.error) return <ErrorState message={view.error} onRetry={view.load} />;

  return (
    <Stack gap="md">
      <ToggledLimitCards
        policies={LIMITS}
        appearance={{ idle, absolute, concurrent }}
        canWrite={canWrite}
        draft={settings.draft}
        onChange={settings.setDraft}
      />
      <SaveBar label="Save session settings" draft={settings} disabled={!canWrite}>
        {canWrite ? null : (
          <Text c="dimmed" size="sm">
            You can view these settings but not change them.
          </Text>
        )}
      </SaveBar>
    </Stack>
  );
}
