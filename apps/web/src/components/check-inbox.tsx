import type { ReactNode } from 'react';
import { useResendCooldown } from '../lib/use-resend-cooldown';
import { anchorProps, Stack, Text, ThemeIcon } from './plain-ui';

/** "We sent you an email" confirmation body. */
export function CheckInbox({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md" align="center" style={{ textAlign: 'center' }}>
      <ThemeIcon size={56} variant="light">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
      </ThemeIcon>
      <Text dimmed size="sm">
        {children}
      </Text>
    </Stack>
  );
}

// In this module rather than its own: every screen that offers it also confirms a mail or a text, and
// one more shared chunk would cost the login page's entry its name (docs/decisions/0003).
/** "Didn't get it? Resend" with the server's pause between two sends shown as a countdown. */
export function ResendButton({ what, onResend }: { what: string; onResend: () => void }) {
  const { secondsLeft, canResend, restart } = useResendCooldown();
  return (
    <Text size="sm" dimmed style={{ textAlign: 'center' }} aria-live="polite">
      Didn&apos;t get it?{' '}
      {canResend ? (
        <button
          {...anchorProps()}
          type="button"
          onClick={() => {
            restart();
            onResend();
          }}
        >
          Resend {what}
        </button>
      ) : (
        <span>
          You can resend the {what} in {secondsLeft} s.
        </span>
      )}
    </Text>
  );
}
