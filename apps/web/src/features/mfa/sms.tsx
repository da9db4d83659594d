import { useCallback, type ReactNode } from 'react';
import { anchorProps, Text } from '../../components/plain-ui';
import type { MfaFlow } from '../../sdk/hooks/mfa';
import { CodeForm } from './code-form';
import { useSendOnce } from './send-once';

/** Step smsVerifyCode: the texted code, to enroll the phone or to verify with it. */
export function SmsCodeStep({ flow, footer }: { flow: MfaFlow; footer?: ReactNode }) {
  const enrolling = flow.mode === 'enroll';
  const device = enrolling ? undefined : flow.devices?.phones[0];
  const { sendSmsCode } = flow;
  const deviceId = device?.id;
  useSendOnce(useCallback(() => (deviceId ? sendSmsCode(deviceId) : undefined), [deviceId, sendSmsCode]));
  const phoneNumber = flow.phoneNumber ?? device?.phoneNumber ?? 'your phone';
  return (
    <CodeForm
      label="Code from your text message"
      loading={flow.loading}
      error={flow.error}
      rememberDays={flow.rememberDays}
      submitLabel="Verify"
      onSubmit={(code, remember) => flow.verifySmsCode(code, remember, deviceId)}
    >
      <Text size="sm" dimmed style={{ textAlign: 'center' }}>
        We texted a 6-digit code to {phoneNumber}. It expires in 5 minutes.{' '}
        <button
          {...anchorProps()}
          type="button"
          onClick={() => (deviceId ? sendSmsCode(deviceId) : flow.chooseStep('smsSetPhoneNumber'))}
        >
          {deviceId ? 'Resend code' : 'Change number'}
        </button>
      </Text>
      {footer}
    </CodeForm>
  );
}
