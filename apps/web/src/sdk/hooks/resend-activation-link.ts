import { useActivateAccountActions } from '@frontegg/react-hooks';
import { useMemo } from 'react';

// Sending the activation link again, from the sign-up's success screen: a module of its own, so that
// it loads with that screen and not with the sign-up page (issue 17).

export function useResendActivationLink() {
  const { resendActivationEmail } = useActivateAccountActions();
  return useMemo(
    () =>
      /**
       * Mails a new activation link to `email` (SPEC section 2, activation 'resend'). The server answers
       * alike for any address and sends nothing within its pause per recipient; `done` hears whether
       * the request went through.
       */
      (email: string, done?: (ok: boolean) => void) =>
        resendActivationEmail({ email, callback: (ok) => done?.(ok === true) }),
    [resendActivationEmail],
  );
}
