import type { ReactNode } from 'react';
import { anchorProps, Text } from '../../components/plain-ui';
import type { MfaFlow } from '../../sdk/hooks/mfa';
import { CodeForm } from './code-form';

/** Step authenticatorApp when enrolled: the current code, or a recovery code instead. */
export function AuthenticatorVerifyStep({ flow, footer }: { flow: MfaFlow; footer?: ReactNode }) {
  return (
    <CodeForm
      label="Code from your authenticator app"
      loading={flow.loading}
      error={flow.error}
      rememberDays={flow.rememberDays}
      submitLabel="Verify"
      onSubmit={flow.verifyAuthenticator}
    >
      {flow.mode === 'verify' && (
        <Text size="sm" style={{ textAlign: 'center' }}>
          Lost your device?{' '}
          <button {...anchorProps()} type="button" onClick={flow.useRecoveryCode}>
            Use a recovery code
          </button>
        </Text>
      )}
      {footer}
    </CodeForm>
  );
}
