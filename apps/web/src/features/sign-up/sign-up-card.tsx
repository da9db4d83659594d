import type { ReactNode } from 'react';
import { AuthCard } from '../../components/auth-card';
import { CardProgress } from '../../components/card-progress';
import { FailedLink } from '../../components/failed-link';
import type { InviteLinkCheck } from '../../sdk/hooks/invite-link';

/** SPEC section 2: the sign-up page's title. */
export const SIGN_UP_TITLE = 'Get started for free!';
/** SPEC section 8. */
export const INVITE_LINK_FAILED_MESSAGE = "We couldn't verify your invitation";
export const INVITE_LINK_FAILED_DETAIL =
  "This invite link is unknown, was replaced by a newer one or has expired. Ask the account's administrator for a new link.";

/**
 * The sign-up card around the form (`children`). Opened from an account's invite link, the form
 * shows only once the link checks out, under the name of the account the person joins; a link that
 * does not check out gets the reason instead of a form whose submit would fail.
 */
export function SignUpCard({ invite, children }: { invite: InviteLinkCheck; children: ReactNode }) {
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
    default:
      return (
        <AuthCard title={SIGN_UP_TITLE} subtitle="Create your Brizo FoodMetrics account">
          {children}
        </AuthCard>
      );
  }
}
