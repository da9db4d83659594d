import type { ReactNode } from 'react';
import { AuthCard } from '../../components/auth-card';

/** SPEC section 2: the sign-up page's title. */
export const SIGN_UP_TITLE = 'Get started for free!';

/**
 * The sign-up card around the form (`children`), opened without an account's invite link; with one,
 * the card is InviteSignUpCard (invite-sign-up-card.tsx), which loads only then.
 */
export function SignUpCard({ children }: { children: ReactNode }) {
  return (
    <AuthCard title={SIGN_UP_TITLE} subtitle="Create your Brizo FoodMetrics account">
      {children}
    </AuthCard>
  );
}
