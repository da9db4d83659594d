import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from '../../app/navigation';
import { anchorProps, Text } from '../../components/plain-ui';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { useResetPhoneNumber, type ResetPhoneNumberStepName } from '../../sdk/hooks/reset-phone-number';
import { ChangePhoneStep, EmailStep, VerifyCodeStep } from './reset-phone-number-steps';

/** Titles and subtitles of the three steps (SPEC section 2 "Reset phone number"). */
export const resetPhoneNumberTexts: Record<ResetPhoneNumberStepName, { title: string; subtitle: string }> = {
  ResetPhoneNumber: {
    title: 'Reset your phone number',
    subtitle: "Lost access to your phone? We'll email you a code to set a new number.",
  },
  VerifyResetPhoneNumber: {
    title: 'Check your email',
    subtitle: 'Enter the code to confirm it is you.',
  },
  ChangePhoneNumber: {
    title: 'Enter your new phone number',
    subtitle: "We'll text a sign-in code to this number to confirm it.",
  },
};

const backToLogin = (
  <Text size="sm" dimmed>
    Found your phone?{' '}
    <Link {...anchorProps()} to={paths.login}>
      Back to sign in
    </Link>
  </Text>
);

/**
 * /account/reset-phone-number: for users who sign in by SMS and lost their phone. The email proves
 * who they are, then the new number; the store then texts a sign-in code to it and opens the
 * login page's SMS step (SPEC section 4 "Phone reset").
 */
export function ResetPhoneNumberPage() {
  const flow = useResetPhoneNumber();
  const [params] = useSearchParams();
  const started = useRef(false);

  // A reset left half-way earlier must not resume: each visit starts from the email.
  const { restart } = flow;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    restart();
  }, [restart]);

  const body = ((): ReactNode => {
    switch (flow.step) {
      case 'VerifyResetPhoneNumber':
        return <VerifyCodeStep flow={flow} />;
      case 'ChangePhoneNumber':
        return <ChangePhoneStep flow={flow} />;
      default:
        return <EmailStep flow={flow} defaultEmail={params.get('email') ?? flow.email ?? ''} />;
    }
  })();
  const texts = resetPhoneNumberTexts[flow.step] ?? resetPhoneNumberTexts.ResetPhoneNumber;

  return (
    <AuthCard title={texts.title} subtitle={texts.subtitle} footer={backToLogin}>
      {body}
    </AuthCard>
  );
}
