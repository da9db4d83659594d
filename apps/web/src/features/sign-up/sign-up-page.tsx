import { lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { session } from '../../lib/storage';
import { readStoredSource, storeSource } from '../../product/source';
import { useAuthState, useSignUp } from '../../sdk';
import { watchSignUpAnswer } from '../../sdk/hooks/sign-up-outcome';
import { SignUpCard } from './sign-up-card';
import { SignUpForm } from './sign-up-form';
import type { SignUpFormData } from './sign-up-schema';
import type * as SignUpSuccessModule from './sign-up-success';

// "Please check your inbox!" loads when the form is sent, alongside the sign-up's request, and shows once
// both have come back (the form keeps its loading state until then): the page's chunk goes without it
// (issue 17, the login box's budget).
type SuccessModule = typeof SignUpSuccessModule;
const loadSuccess = (): Promise<SuccessModule> => import('./sign-up-success');

// Opened from an account's invite link, the page's card (the link's check and its screens) loads then:
// meanwhile the page is loading, as while its own chunk comes.
const InviteSignUp = lazy(() => import('./invite-sign-up-card').then((m) => ({ default: m.InviteSignUp })));

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
  const [success, setSuccess] = useState<SuccessModule | null>(null);
  const invitationToken = params.get('invitationToken');

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
  if (awaitingActivation && answer && success) {
    const { SignUpSuccess } = success;
    return <SignUpSuccess email={submittedEmail} isPersonalEmail={answer.signupType === 'personal'} />;
  }

  const submit = ({ firstName, lastName, companyName, email, phoneNumber, username }: SignUpFormData) => {
    setSubmittedEmail(email);
    setAnswer(null);
    if (!success) void loadSuccess().then(setSuccess);
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

  const form = (joining: boolean) => (
    <SignUpForm
      loading={signUp.loading || awaitingActivation}
      error={signUp.error}
      onSubmit={submit}
      identifiers={signUp.identifiers}
      joining={joining}
    />
  );
  if (invitationToken) return <InviteSignUp token={invitationToken} form={form(true)} />;
  return (
    <SignUpCard>
      {form(false)}
      {otherOptions}
    </SignUpCard>
  );
}
