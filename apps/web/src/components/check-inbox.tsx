import { Anchor, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useResendCooldown } from '../lib/use-resend-cooldown';

/** "We sent you an email" confirmation body. */
export function CheckInbox({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md" align="center" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="brand" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
      </ThemeIcon>
      <Text c="dimmed" size="sm">
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
    <Text size="sm" c="dimmed" ta="center" aria-live="polite">
      Didn&apos;t get it?{' '}
      {canResend ? (
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={() => {
            restart();
            onResend();
          }}
        >
          Resend {what}
        </Anchor>
      ) : (
        <span>
          You can resend the {what} in {secondsLeft} s.
        </span>
      )}
    </Text>
  );
}
