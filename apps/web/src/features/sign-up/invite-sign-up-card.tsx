import type { ReactNode } from 'react';
import { AuthCard } from '../../components/auth-card';
import { CardProgress } from '../../components/card-progress';
import { FailedLink } from '../../components/failed-link';
import { useInviteLinkCheck, type InviteLinkCheck } from '../../sdk/hooks/invite-link';
import { SIGN_UP_TITLE } from './sign-up-card';

// The sign-up card of an account's invite link (issue 4): a module of its own, which the sign-up page
// loads only when opened with one, so that the ordinary sign-up's chunk goes without the link's check
// and its screens (issue 17, the login box's budget).

/** SPEC section 8. */
export const INVITE_LINK_FAILED_MESSAGE = "We couldn't verify your invitation";
export const INVITE_LINK_FAILED_DETAIL =
  "This invite link is unknown, was replaced by a newer one or has expired. Ask the account's administrator for a new link.";

/**
 * The sign-up card opened from an account's invite link: the form (`children`) shows only once the link
 * checks out, under the name of the account the person joins; a link that does not check out gets the
 * reason instead of a form whose submit would fail.
 */
export function InviteSignUpCard({
  invite,
  children,
}: {
  invite: Exclude<InviteLinkCheck, { status: 'none' }>;
  children: ReactNode;
}) {
  switch (invite.status) {
    case 'checking':
      return (
        <AuthCard title="Join your team">
          <CardProgress label="Checking your invitation..." />
        </AuthCard>
      );
    case 'invalid':
      return (
        <AuthCard title="Join your team">
          <FailedLink
            title={INVITE_LINK_FAILED_MESSAGE}
            // The server's answer for an unknown, replaced or expired link is the title itself.
            detail={invite.error === INVITE_LINK_FAILED_MESSAGE ? INVITE_LINK_FAILED_DETAIL : invite.error}
          />
        </AuthCard>
      );
    case 'valid':
      return (
        <AuthCard
          title={SIGN_UP_TITLE}
          subtitle={
            invite.accountName ? (
              <>
                Join <strong>{invite.accountName}</strong> on Brizo FoodMetrics
              </>
            ) : (
              'Join your team on Brizo FoodMetrics'
            )
          }
        >
          {children}
        </AuthCard>
      );
  }
}

/**
 * The invite link's card with its check: `form` is the sign-up form for joining the account, shown
 * once the link checks out.
 */
export function InviteSignUp({ token, form }: { token: string; form: ReactNode }) {
  const invite = useInviteLinkCheck(token);
  // With a token the check never answers 'none'.
  return invite.status === 'none' ? null : <InviteSignUpCard invite={invite}>{form}</InviteSignUpCard>;
}
