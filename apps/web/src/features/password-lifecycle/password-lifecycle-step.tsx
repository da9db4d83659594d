import { BreachedPasswordStep, BreachedPasswordSuccessStep } from './breached-password-step';
import { PasswordRotationExpiredStep, PasswordRotationNotificationStep } from './password-rotation-steps';
import type { PasswordLifecycleStepName } from './titles';

/** The body of a password-lifecycle login step (loaded lazily by the login page). */
export function PasswordLifecycleStep({ step, email }: { step: PasswordLifecycleStepName; email: string }) {
  switch (step) {
    case 'breachedPassword':
      return <BreachedPasswordStep email={email} />;
    case 'breachedPasswordSuccess':
      return <BreachedPasswordSuccessStep email={email} />;
    case 'passwordRotationExpired':
      return <PasswordRotationExpiredStep email={email} />;
    case 'passwordRotationNotification':
      return <PasswordRotationNotificationStep />;
  }
}
