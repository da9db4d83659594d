import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { AuthCard } from '../../components/auth-card';
import { CheckInbox } from '../../components/check-inbox';
import { session } from '../../lib/storage';
import { readStoredSource, storeSource } from '../../product';
import { useAuthState, useSignUp } from '../../sdk';
import { useInviteLinkCheck } from '../../sdk/hooks/invite-link';
import { SignUpCard } from './sign-up-card';
import { SignUpForm } from './sign-up-form';
import type { SignUpFormData } from './sign-up-schema';

/**
 * /account/sign-up (SPEC section 2). The visitor's source (?source=, or the one saved on
 * the way in) travels with the sign-up in the user's metadata, so the server can keep it.
 * No back-to-login link on purpose. Opened from an account's invite link (?invitationToken=),
 * the link is checked first and the person signs up into that account.
 */
export function SignUpPage() {
  const signUp = useSignUp();
  const { isAuthenticated } = useAuthState();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const resetOnce = useRef(false);
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

  if (signUp.stage === 'SignUpSuccess' && signUp.shouldActivate) {
    return (
      <AuthCard title="Please check your inbox!">
        <CheckInbox>
          We sent you an email with a link to activate your account and start your free trial.
        </CheckInbox>
      </AuthCard>
    );
  }

  const submit = ({ firstName, lastName, companyName, email, phoneNumber, username }: SignUpFormData) => {
    const source = readStoredSource(session);
    void signUp.signUp({
      email,
      name: `${firstName} ${lastName}`,
      companyName,
      ...(phoneNumber ? { phoneNumber } : {}),
      ...(username ? { username } : {}),
      ...(source ? { metadata: { source } } : {}),
      // Issue 4 (Users section): an account's invite link signs up into that account.
      ...(invitationToken ? { invitationToken } : {}),
    });
  };

  return (
    <SignUpCard invite={invite}>
      <SignUpForm
        loading={signUp.loading}
        error={signUp.error}
        onSubmit={submit}
        identifiers={signUp.identifiers}
        joining={invite.status === 'valid'}
      />
    </SignUpCard>
  );
}
