import { Card, Select } from '@mantine/core';
import { useFieldAppearance } from '../../../components/admin';
import { usePolicyImpact } from '../../../components/admin/policy-impact';
import type { EnforceMfaType } from '@brizo/contract/enums';
import { useGeneralSettings, type GeneralSettings } from './use-security-settings';
import { CaptchaCard } from './captcha-card';
import { generalSettingsChecks } from './impact-checks';
import type { ToggledLimit } from './toggled-limit-card';
import { ToggledLimitsTab, WRITE } from './toggled-limits-tab';
const MFA_OPTIONS: { value: EnforceMfaType; label: string }[] = [
  { value: 'DontForce', label: 'Optional: users choose' },
  { value: 'Force', label: 'Required for everyone' },
  { value: 'ForceExceptSAML', label: 'Required, except users signing in with SSO' },
];
/** The rotation period is kept in minutes and shown in days. */
const DAY = 1440;
const LIMITS: ToggledLimit<GeneralSettings>[] = [
  {
    section: 'lockout',
    flag: 'enabled',
    amount: 'maxAttempts',
    toggle: { label: 'User lockout', description: 'Lock an account after too many wrong passwords' },
    limit: { label: 'Failed attempts before lockout', min: 1, max: 100 },
  },
  {
    section: 'history',
    flag: 'enabled',
    amount: 'historySize',
    toggle: { label: 'Password history', description: 'Refuse a new password equal to one of the last ones' },
    limit: { label: 'Passwords remembered', min: 1, max: 10 },
  },
  {
    section: 'rotation',
    flag: 'isActive',
    amount: 'rotationPeriod',
    unit: DAY,
    toggle: { label: 'Password rotation', description: 'Ask users to change their password periodically' },
    limit: { label: 'Rotation period (days)', min: 1, max: 1825 },
  },
];

/** General settings: MFA policy, lockout, password history and rotation; then the captcha policy. */
export function GeneralTab() {
  const view = useGeneralSettings();
  const mfa = useFieldAppearance('security', 'mfa', WRITE);
  const lockout = useFieldAppearance('security', 'userLockout', WRITE);
  const history = useFieldAppearance('security', 'passwordHistory', WRITE);
  // Issue 14: a save first shows who the changed policies affect (MFA enrolment, lockout, passwords).
  const impact = usePolicyImpact();

  return (
    <ToggledLimitsTab
      view={{ ...view, loaded: view.settings }}
      limits={LIMITS}
      appearance={{ lockout, history }}
      saveLabel="Save general settings"
      impact={{ gate: impact, checks: generalSettingsChecks }}
      fields={({ draft, setDraft }, canWrite) =>
        mfa === 'hidden' ? null : (
          <Card withBorder>
            <Select
              label="Multi-factor authentication"
              description="Required MFA makes every user enroll a second factor at their next sign-in"
              data={MFA_OPTIONS}
              value={draft.enforceMFAType}
              allowDeselect={false}
              disabled={!(canWrite && mfa === 'edit')}
              onChange={(value) => value && setDraft({ ...draft, enforceMFAType: value as EnforceMfaType })}
            />
          </Card>
        )
      }
      // Its own form and save: the policy is the vendor's, kept apart from this account's settings.
      apart={<CaptchaCard />}
    />
  );
}
