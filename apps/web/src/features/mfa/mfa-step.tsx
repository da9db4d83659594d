import { lazy, useEffect } from 'react';
import { NotAvailableCard } from '../../components/not-available-card';
import { anchorProps, Text } from '../../components/plain-ui';
import { mailto, useConfig } from '../../lib/config';
import type { MfaFlow } from '../../sdk/hooks/mfa';
import { AuthenticatorVerifyStep } from './authenticator-app';
import { ChooserStep, choicesOf } from './chooser';
import { EmailCodeStep } from './email-code';
import { securityKeyChoiceCount } from './security-key';
import { SmsCodeStep } from './sms';

// The steps of an enrollment (forceTwoFactor at login: the QR code and key to copy, the phone number, the
// recovery code) load on use: the step-up page, which only verifies, goes without them (issue 17). An
// enrollment starts loading them with its first step; meanwhile the step's Suspense boundary (the login
// page's) shows its loader.
const loadAuthenticatorEnroll = () => import('./authenticator-enroll');
const loadSmsPhone = () => import('./sms-phone');
const loadRecoveryCode = () => import('./recovery-code');
const AuthenticatorEnrollStep = lazy(() =>
  loadAuthenticatorEnroll().then((m) => ({ default: m.AuthenticatorEnrollStep })),
);
const SmsPhoneStep = lazy(() => loadSmsPhone().then((m) => ({ default: m.SmsPhoneStep })));
const RecoveryCodeStep = lazy(() => loadRecoveryCode().then((m) => ({ default: m.RecoveryCodeStep })));

/** "Try another method" when the chooser has more than one way. */
function OtherMethods({ flow }: { flow: MfaFlow }) {
  if (choicesOf(flow).length + securityKeyChoiceCount(flow) < 2) return null;
  return (
    <Text size="sm" style={{ textAlign: 'center' }}>
      <button {...anchorProps()} type="button" onClick={() => flow.chooseStep('verify')}>
        Try another method
      </button>
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
    <Text size="sm" style={{ textAlign: 'center' }}>
      <a {...anchorProps()} href={mailto(supportEmail)}>
        Contact Support
      </a>
    </Text>
  );
}

/** The MFA step's screen (SPEC section 2 "MFA" steps), for a login, a forced enrollment or a step-up. */
export function MfaStepScreen({ flow, onBack }: { flow: MfaFlow; onBack: () => void }) {
  const enrolling = flow.mode === 'enroll';
  useEffect(() => {
    if (!enrolling) return;
    void loadAuthenticatorEnroll();
    void loadSmsPhone();
    void loadRecoveryCode();
  }, [enrolling]);
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
