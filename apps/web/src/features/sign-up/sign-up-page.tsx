import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { session } from '../../lib/storage';
import { readStoredSource, storeSource } from '../../product';
import { useAuthState, useSignUp } from '../../sdk';
import { useInviteLinkCheck } from '../../sdk/hooks/invite-link';
import { watchSignUpAnswer } from '../../sdk/hooks/sign-up-outcome';
import { SignUpCard } from './sign-up-card';
import { SignUpForm } from './sign-up-form';
import { SignUpSuccess } from './sign-up-success';
import type { SignUpFormData } from './sign-up-schema';

/**
 * /account/sign-up (SPEC section 2). The visitor's source (?source=, or the one saved on
 * the way in) travels with the sign-up in the user's metadata, so the server can keep it.
 * No back-to-login link on purpose. Opened from an account's invite link (?invitationToken=),
 * the link is checked first and the person signs up into that account. `otherOptions` (issue 13: the
 * social logins, composed by the router) go under the form, except when joining through an invite link,
 * whose token only the form carries.
 */
export function SignUpPage({ otherOptions }: { otherOptions?: ReactNode } = {}) {
  const signUp = useSignUp();
  const { isAuthenticated } = useAuthState();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const resetOnce = useRef(false);
  // The address the activation link went to, for 'Resend activation email'.
  const [submittedEmail, setSubmittedEmail] = useState('');
  // The answer's signupType, once read: a personal email goes to review, and is told so (SPEC section 6).
  const [answer, setAnswer] = useState<{ signupType: string | null } | null>(null);
  const invitationToken = params.get('invitationToken');
  const invite = useInviteLinkCheck(invitationToken);

  useEffect(() => {
    storeSource(params.get('source'), session);
  }, [params]);

  // A previous visit may have left the success stage behind.
  const { reset } = signUp;
  useEffect(() => {
    if (resetOnce.current) return;
    resetOnce.current = true;
    reset();
  }, [reset]);

  // Signed up without activation: already signed in, so the redirect screen decides where to go.
  const signedInDirectly = signUp.stage === 'SignUpSuccess' && !signUp.shouldActivate && isAuthenticated;
  useEffect(() => {
    if (signedInDirectly) void navigate(paths.home, { replace: true });
  }, [signedInDirectly, navigate]);

  const awaitingActivation = signUp.stage === 'SignUpSuccess' && signUp.shouldActivate;
  if (awaitingActivation && answer) {
    return <SignUpSuccess email={submittedEmail} isPersonalEmail={answer.signupType === 'personal'} />;
  }

  const submit = ({ firstName, lastName, companyName, email, phoneNumber, username }: SignUpFormData) => {
    setSubmittedEmail(email);
    setAnswer(null);
    const source = readStoredSource(session);
    const send = () =>
      signUp.signUp({
        email,
        name: `${firstName} ${lastName}`,
        companyName,
        ...(phoneNumber ? { phoneNumber } : {}),
        ...(username ? { username } : {}),
        ...(source ? { metadata: { source } } : {}),
        // Issue 4 (Users section): an account's invite link signs up into that account.
        ...(invitationToken ? { invitationToken } : {}),
      });
    void watchSignUpAnswer(send).then((signupType) => setAnswer({ signupType }));
  };

  return (
    <SignUpCard invite={invite}>
      <SignUpForm
        loading={signUp.loading || awaitingActivation}
        error={signUp.error}
        onSubmit={submit}
        identifiers={signUp.identifiers}
        joining={invite.status === 'valid'}
      />
      {!invitationToken && otherOptions}
    </SignUpCard>
  );
}
