import { useFieldAppearance } from '../../../components/admin';
import { useSessionPolicy, type SessionPolicy } from './use-security-settings';
import type { ToggledLimit } from './toggled-limit-card';
import { ToggledLimitsTab, WRITE } from './toggled-limits-tab';
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
  const idle = useFieldAppearance('security', 'idleSessionTimeout', WRITE);
  const absolute = useFieldAppearance('security', 'forceReLogin', WRITE);
  const concurrent = useFieldAppearance('security', 'maximumConcurrentSessions', WRITE);

  return (
    <ToggledLimitsTab
      view={{ ...view, loaded: view.policy }}
      limits={LIMITS}
      appearance={{ idle, absolute, concurrent }}
      saveLabel="Save session settings"
      viewOnlyNote="You can view these settings but not change them."
    />
  );
}
