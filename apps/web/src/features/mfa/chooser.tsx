import { Button, Stack, Text } from '../../components/plain-ui';
import type { MfaFlow, MfaStepName, MfaStrategyName } from '../../sdk/hooks/mfa';
import { SecurityKeyChoices } from './security-key';

interface Choice {
  step: MfaStepName;
  label: string;
}

const enrollChoices: Partial<Record<MfaStrategyName, Choice>> = {
  AuthenticatorApp: { step: 'authenticatorApp', label: 'Authenticator app' },
  SMS: { step: 'smsSetPhoneNumber', label: 'Text message (SMS)' },
  EmailCode: { step: 'emailVerifyCode', label: 'Email code' },
};

/** The ways to pass (or enroll) a second factor, one button each. */
export function choicesOf(flow: MfaFlow): Choice[] {
  if (flow.mode === 'enroll') return flow.strategies.flatMap((strategy) => enrollChoices[strategy] ?? []);
  const devices = flow.devices;
  if (!devices) return [];
  return [
    ...(devices.authenticators.length
      ? [{ step: 'authenticatorApp' as const, label: 'Authenticator app' }]
      : []),
    ...(devices.phones.length
      ? [
          {
            step: 'smsVerifyCode' as const,
            label: `Text message to ${devices.phones[0]?.phoneNumber ?? 'your phone'}`,
          },
        ]
      : []),
    ...(devices.emails.length ? [{ step: 'emailVerifyCode' as const, label: 'Email code' }] : []),
  ];
}

/** Step verify: several device types (or strategies to enroll) to choose from. */
export function ChooserStep({ flow }: { flow: MfaFlow }) {
  const choices = choicesOf(flow);
  return (
    <Stack gap="sm">
      <Text size="sm" dimmed style={{ textAlign: 'center' }}>
        {flow.mode === 'enroll'
          ? 'Your organization requires two-factor authentication. Choose how you want to verify it is you.'
          : 'Choose how to verify it is you.'}
      </Text>
      {choices.map((choice) => (
        <Button key={choice.step} variant="default" fullWidth onClick={() => flow.chooseStep(choice.step)}>
          {choice.label}
        </Button>
      ))}
      <SecurityKeyChoices flow={flow} />
    </Stack>
  );
}
