import {
  useLoginActions as useSdkLoginActions,
  useLoginState as useSdkLoginState,
} from '@frontegg/react-hooks';
import { useEffect, useRef, useState } from 'react';
import { describeError } from './types';

/** SPEC section 8's default message for an invitation that cannot be verified. */
const INVITATION_FAILED = "We couldn't verify your invitation";

/** What the sign-up page knows about the account invite link it was opened with. */
export type InviteLinkCheck =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'valid'; accountName: string }
  | { status: 'invalid'; error: string };

/**
 * Issue 4 (invite link): checks the link's token when the sign-up page opens, with the store's
 * verifyInviteToken (POST /tenants/invites/v1/verify), which keeps the account's name or the error
 * in its login state. 'none' without a token: the ordinary sign-up. Imported by the lazily loaded
 * sign-up page only, not through the barrel, so it stays out of the login page's entry chunk.
 */
export function useInviteLinkCheck(token: string | null): InviteLinkCheck {
  const { inviteTokenTenantName, inviteTokenError } = useSdkLoginState();
  const { setLoginState, verifyInviteToken } = useSdkLoginActions();
  // The token whose answer the store holds; the store's own loading flag is shared with the login.
  const [checkedToken, setCheckedToken] = useState<string | null>(null);
  const requested = useRef<string | null>(null);

  useEffect(() => {
    if (!token || requested.current === token) return;
    requested.current = token;
    // The answer for a link opened earlier in this tab must not stand for this one.
    setLoginState({ inviteTokenTenantName: undefined, inviteTokenError: undefined });
    // The store catches the failure itself and keeps it as inviteTokenError.
    void verifyInviteToken({ token }).then(() => setCheckedToken(token));
  }, [token, setLoginState, verifyInviteToken]);

  if (!token) return { status: 'none' };
  if (checkedToken !== token) return { status: 'checking' };
  if (inviteTokenError) {
    return { status: 'invalid', error: describeError(inviteTokenError) ?? INVITATION_FAILED };
  }
  return { status: 'valid', accountName: inviteTokenTenantName ?? '' };
}
