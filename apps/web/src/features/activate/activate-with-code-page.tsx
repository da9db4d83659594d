import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../app/navigation';
import { AuthCard } from '../../components/auth-card';
import { FormAlert } from '../../components/form-alert';
import { OneTimeCodeInput } from '../../components/one-time-code-input';
import { local } from '../../lib/storage';
import { USER_VERIFIED_KEY } from '../../product/user-verified-key';
import { useActivateAccount, useForgotPassword } from '../../sdk';
import { ActivateForm } from './activate-form';
import { ACTIVATED_MESSAGE, InvalidLink } from './activate-page';
import { anchorProps, Button, Stack, Text } from '../../components/plain-ui';

/** The server's answer to a wrong, expired or used code (and to an unknown token: no enumeration). */
export const CODE_REJECTED = 'The code is incorrect or has expired';
export const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from the email';

type Phase = 'code' | 'password';

/**
 * /account/activate/code?userId&token: where the store sends a new user when the vendor activates
 * accounts by code. Step activating: the 6-digit code from the mail (typed or pasted); step
 * activatingForm: the password to set; then success, and the store moves on after 5 seconds.
 */
export function ActivateWithCodePage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const activation = useActivateAccount();
  const { passwordConfig, loadPasswordConfig } = useForgotPassword();
  const [phase, setPhase] = useState<Phase>('code');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const started = useRef(false);
  const hasLink = userId !== '' && token !== '';

  const { reset } = activation;
  useEffect(() => {
    if (!hasLink || started.current) return;
    started.current = true;
    reset();
    void loadPasswordConfig(userId);
  }, [hasLink, userId, reset, loadPasswordConfig]);

  // A rejected code sends the user back to the code; other failures stay on the password.
  const { error } = activation;
  useEffect(() => {
    if (error !== CODE_REJECTED) return;
    setPhase('code');
    setCode('');
    setCodeError(error);
  }, [error]);

  if (!hasLink) return <InvalidLink />;

  if (activation.step === 'success') {
    return (
      <AuthCard title="Account activated">
        <Text role="status" style={{ textAlign: 'center' }}>
          {ACTIVATED_MESSAGE}
        </Text>
      </AuthCard>
    );
  }

  if (phase === 'password') {
    return (
      <AuthCard title="Activate your account" subtitle="Choose a password to finish setting up your account.">
        <Stack gap="sm">
          <ActivateForm
            rules={passwordConfig}
            submitting={activation.submitting}
            error={activation.error === CODE_REJECTED ? null : activation.error}
            onSubmit={(password) =>
              void activation.activateWithCode({ userId, token, code, password }, (email) =>
                local.setItem(USER_VERIFIED_KEY, email),
              )
            }
          />
          <button
            {...anchorProps('sm', { bold: false, centred: true })}
            type="button"
            onClick={() => setPhase('code')}
          >
            Use a different code
          </button>
        </Stack>
      </AuthCard>
    );
  }

  const next = (value: string) => {
    if (!/^\d{6}$/.test(value)) {
      setCodeError(CODE_FORMAT_MESSAGE);
      return;
    }
    setCodeError(null);
    setPhase('password');
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    next(code);
  };

  return (
    <AuthCard
      title="Activate your account"
      subtitle="We emailed you a 6-digit code. Enter it to confirm your email address."
    >
      <form noValidate onSubmit={submitCode} aria-label="Activation code">
        <Stack gap="md">
          <OneTimeCodeInput
            label="Activation code"
            value={code}
            onChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(null);
            }}
            onComplete={next}
            error={codeError}
          />
          <Button type="submit" fullWidth>
            Continue
          </Button>
          <FormAlert message={activation.codeResent ? null : error === CODE_REJECTED ? null : error} />
          {activation.codeResent ? (
            <Text size="sm" dimmed role="status" style={{ textAlign: 'center' }}>
              We sent you a new code. Check your inbox.
            </Text>
          ) : (
            <Text size="sm" dimmed style={{ textAlign: 'center' }}>
              {"Didn't get it? "}
              <button
                {...anchorProps('sm', { bold: false })}
                type="button"
                disabled={activation.loading}
                onClick={() => void activation.resendCode(userId, token)}
              >
                Send a new code
              </button>
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
