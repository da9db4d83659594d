// The card titles of the password-lifecycle login steps: tiny, so the login page can show them
// while the step's screen loads lazily.
export const passwordLifecycleSteps = {
  breachedPassword: {
    title: 'Reset your password',
    subtitle: 'Your password appeared in a known data breach',
  },
  breachedPasswordSuccess: { title: 'Email sent', subtitle: undefined },
  passwordRotationExpired: {
    title: 'Your password has expired',
    subtitle: 'Choose a new password to continue',
  },
  passwordRotationNotification: { title: 'Your password expires soon', subtitle: undefined },
} as const;

export type PasswordLifecycleStepName = keyof typeof passwordLifecycleSteps;
