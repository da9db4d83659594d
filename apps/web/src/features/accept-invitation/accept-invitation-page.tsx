import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { CardProgress } from '../../components/card-progress';
import { FailedLink } from '../../components/failed-link';
import { FormAlert } from '../../components/form-alert';
import { Button, ButtonLink, Stack, Text, TextField } from '../../components/plain-ui';
import { useAcceptInvitation } from '../../sdk';

/** SPEC section 8. */
export const INVITATION_FAILED_MESSAGE = "We couldn't verify your invitation";
export const INVITATION_INVALID_MESSAGE = 'This invitation link is incomplete';

function Accepted() {
  return (
    <Stack gap="md">
      <Text role="status" style={{ textAlign: 'center' }}>
        You have joined the account. Sign in to start using it.
      </Text>
      <ButtonLink to={paths.login} fullWidth>
        Login
      </ButtonLink>
    </Stack>
  );
}

/** /account/invitation/accept?userId&token: accepts on arrival (steps invalid, pending, success, failed). */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const invitation = useAcceptInvitation();
  const started = useRef(false);
  const { accept } = invitation;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The store itself answers 'invalid' without both parameters.
    void accept(params.get('userId') ?? '', params.get('token') ?? '');
  }, [accept, params]);

  const body = (() => {
    switch (invitation.step) {
      case 'invalid':
        return (
          <FailedLink
            title={INVITATION_INVALID_MESSAGE}
            detail="Open the link from your invitation email again."
          />
        );
      case 'success':
        return <Accepted />;
      case 'failed':
        return <FailedLink title={INVITATION_FAILED_MESSAGE} detail={invitation.error} />;
      default:
        return <CardProgress label="Accepting your invitation..." />;
    }
  })();
  const title = invitation.step === 'success' ? 'Invitation accepted' : 'Accept your invitation';
  return <AuthCard title={title}>{body}</AuthCard>;
}

/** /account/invitation/code?userId&token: the mailed 6-digit code confirms the invitation. */
export function AcceptInvitationWithCodePage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const invitation = useAcceptInvitation();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const resetOnce = useRef(false);
  const { reset } = invitation;
  useEffect(() => {
    if (resetOnce.current) return;
    resetOnce.current = true;
    reset();
  }, [reset]);

  if (!userId || !token || invitation.step === 'invalid') {
    return (
      <AuthCard title="Accept your invitation">
        <FailedLink
          title={INVITATION_INVALID_MESSAGE}
          detail="Open the link from your invitation email again."
        />
      </AuthCard>
    );
  }
  if (invitation.step === 'success') {
    return (
      <AuthCard title="Invitation accepted">
        <Accepted />
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setCodeError('Enter the 6-digit code');
      return;
    }
    void invitation.acceptWithCode(userId, token, code);
  };
  return (
    <AuthCard title="Accept your invitation" subtitle="Enter the 6-digit code from your invitation email.">
      <form noValidate aria-label="Accept invitation" onSubmit={submit}>
        <Stack gap="md">
          <FormAlert message={invitation.error ? INVITATION_FAILED_MESSAGE : null} />
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            required
            value={code}
            error={codeError}
            onChange={(event) => {
              setCode(event.currentTarget.value.replace(/\D/g, ''));
              setCodeError(null);
            }}
          />
          <Button type="submit" fullWidth loading={invitation.step === 'pending'}>
            Accept invitation
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
