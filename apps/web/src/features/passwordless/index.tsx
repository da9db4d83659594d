// Passwordless sign-in (magic link, email code, SMS code). The login page imports only this
// file: the screens themselves load lazily, so the login entry chunk stays within its budget.
import { Suspense } from 'react';
import { lazyWithTheme } from '../../app/lazy-with-theme';
import { Loader } from '../../components/plain-ui';
import { usePublicAuthStrategy } from '../../sdk';
import type { PasswordlessStepName } from './steps';

export { isPasswordlessStep, passwordlessStepTitles, type PasswordlessStepName } from './steps';

// Built from Mantine's components: each loads with Mantine's theme provider.
const StepBody = lazyWithTheme(() => import('./passwordless-step').then((m) => m.PasswordlessStep));
const QuickSms = lazyWithTheme(() => import('./quick-sms-form').then((m) => m.QuickSmsForm));

const fallback = <Loader size="sm" centred />;

export function PasswordlessStepScreen(props: { step: PasswordlessStepName; onRestart: () => void }) {
  return (
    <Suspense fallback={fallback}>
      <StepBody {...props} />
    </Suspense>
  );
}

/** Under the email form when the vendor signs users in by SMS code: sign in with a phone number. */
export function QuickSmsOption() {
  const strategy = usePublicAuthStrategy();
  if (strategy !== 'SmsCode' && strategy !== 'UsernameAndSms') return null;
  return (
    <Suspense fallback={null}>
      <QuickSms />
    </Suspense>
  );
}
