import { useCallback, type ReactNode } from 'react';
import { anchorProps, Text } from '../../components/plain-ui';
import type { MfaFlow } from '../../sdk/hooks/mfa';
import { CodeForm } from './code-form';
import { useSendOnce } from './send-once';

/** Step emailVerifyCode: a 6-digit code mailed to the user's address (to enroll it, or to verify). */
export function EmailCodeStep({ flow, footer }: { flow: MfaFlow; footer?: ReactNode }) {
  const { sendEmailCode } = flow;
  useSendOnce(useCallback(() => sendEmailCode(), [sendEmailCode]));
  return (
    <CodeForm
      label="Code from your email"
      loading={flow.loading}
      error={flow.error}
      rememberDays={flow.rememberDays}
      submitLabel="Verify"
      onSubmit={flow.verifyEmailCode}
    >
      <Text size="sm" dimmed style={{ textAlign: 'center' }}>
        We emailed a 6-digit code to {flow.email ?? 'your email address'}. It expires in 5 minutes.{' '}
        <button {...anchorProps()} type="button" onClick={sendEmailCode}>
          Resend code
        </button>
      </Text>
      {footer}
    </CodeForm>
  );
}
