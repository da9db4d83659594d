import { Anchor, Text } from '@mantine/core';
import { NotAvailableCard } from '../../components/not-available-card';
import { mailto, useConfig } from '../../lib/config';
import { useMfaFlow, type MfaFlow } from '../../sdk/hooks/mfa';
import { AuthenticatorEnrollStep, AuthenticatorVerifyStep } from './authenticator-app';
import { ChooserStep, choicesOf } from './chooser';
import { EmailCodeStep } from './email-code';
import { RecoveryCodeStep } from './recovery-code';
import { securityKeyChoiceCount } from './security-key';
import { SmsCodeStep, SmsPhoneStep } from './sms';

/** "Try another method" when the chooser has more than one way. */
function OtherMethods({ flow }: { flow: MfaFlow }) {
  if (choicesOf(flow).length + securityKeyChoiceCount(flow) < 2) return null;
  return (
    <Text size="sm" ta="center">
      <Anchor component="button" type="button" fw={600} onClick={() => flow.chooseStep('verify')}>
        Try another method
      </Anchor>
    </Text>
  );
}

/**
 * SPEC section 2: failed MFA steps add a 'Contact Support' link. A password reset keeps MFA (the
 * store sends the user through these steps at the next sign-in), so this is where someone who
 * reset their password and lost their second factor finds help.
 */
function ContactSupport() {
  const { supportEmail } = useConfig();
  return (
    <Text size="sm" ta="center">
      <Anchor href={mailto(supportEmail)} fw={600}>
        Contact Support
      </Anchor>
    </Text>
  );
}

/** The MFA step's screen (SPEC section 2 "MFA" steps), for a login, a forced enrollment or a step-up. */
export function MfaStepScreen({ flow, onBack }: { flow: MfaFlow; onBack: () => void }) {
  return (
    <>
      <MfaStepBody flow={flow} onBack={onBack} />
      {flow.error && <ContactSupport />}
    </>
  );
}

function MfaStepBody({ flow, onBack }: { flow: MfaFlow; onBack: () => void }) {
  const other = <OtherMethods flow={flow} />;
  switch (flow.step) {
    case 'verify':
      return <ChooserStep flow={flow} />;
    case 'authenticatorApp':
      return flow.mode === 'enroll' ? (
        <AuthenticatorEnrollStep flow={flow} />
      ) : (
        <AuthenticatorVerifyStep flow={flow} footer={other} />
      );
    case 'emailVerifyCode':
      return <EmailCodeStep flow={flow} footer={other} />;
    case 'smsSetPhoneNumber':
      return <SmsPhoneStep flow={flow} />;
    case 'smsVerifyCode':
      return <SmsCodeStep flow={flow} footer={other} />;
    case 'recoveryCode':
      return <RecoveryCodeStep flow={flow} />;
    default:
      return <NotAvailableCard step={flow.step} onBack={onBack} />;
  }
}

export const mfaStepTitles = {
  loginWithTwoFactor: 'Two-factor authentication',
  forceTwoFactor: 'Set up two-factor authentication',
  recoveryCode: 'Save your recovery code',
} as const;

/** Login steps loginWithTwoFactor and forceTwoFactor. */
export function MfaLoginStep({ onBack }: { onBack: () => void }) {
  const flow = useMfaFlow();
  return <MfaStepScreen flow={flow} onBack={onBack} />;
}
