import { useState } from 'react';
import { AuthCard } from '../../components/auth-card';
import { CheckInbox, ResendButton } from '../../components/check-inbox';
import { Stack, Text } from '../../components/plain-ui';
import { UNDER_REVIEW_MESSAGE } from '../../product/texts';
import { useResendActivationLink } from '../../sdk/hooks/resend-activation-link';

/** SPEC section 8, after a sign-up with an activation email. */
export const CHECK_INBOX_TITLE = 'Please check your inbox!';
export const ACTIVATION_MAIL_TRIAL =
  'We sent you an email with a link to activate your account and start your free trial.';
export const ACTIVATION_MAIL = 'We sent you an email with a link to activate your account.';
export const ACTIVATION_MAIL_RESENT = 'We sent you a new activation link.';

/**
 * "Please check your inbox!" after a sign-up activated by link. A work email starts a free trial; a
 * personal one goes to review (SPEC section 6), and is told so rather than promised a trial. The link
 * can be sent again once the server's pause per recipient is over (SPEC section 2: activation 'resend').
 */
export function SignUpSuccess({ email, isPersonalEmail }: { email: string; isPersonalEmail: boolean }) {
  const resendActivationLink = useResendActivationLink();
  const [resent, setResent] = useState(false);
  return (
    <AuthCard title={CHECK_INBOX_TITLE}>
      <Stack gap="md">
        <CheckInbox>
          {isPersonalEmail ? ACTIVATION_MAIL : ACTIVATION_MAIL_TRIAL}
          {isPersonalEmail && (
            <>
              <br />
              <br />
              {UNDER_REVIEW_MESSAGE}
            </>
          )}
        </CheckInbox>
        {email && (
          <ResendButton
            what="activation email"
            onResend={() => void resendActivationLink(email, setResent)}
          />
        )}
        {resent && (
          <Text size="sm" style={{ textAlign: 'center' }} role="status">
            {ACTIVATION_MAIL_RESENT}
          </Text>
        )}
      </Stack>
    </AuthCard>
  );
}
