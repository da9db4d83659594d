import { Anchor, Text } from '@mantine/core';
import { useResendCooldown } from './use-resend-cooldown';

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
