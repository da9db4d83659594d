import { useCallback, useEffect, useState } from 'react';

/** The server sends at most one code or link per 30 s (OTC_RESEND_SECONDS). */
export const RESEND_COOLDOWN_SECONDS = 30;

/** Seconds left before "Resend" may be used again; starts counting at mount (a code was just sent). */
export function useResendCooldown(seconds = RESEND_COOLDOWN_SECONDS) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const restart = useCallback(() => setLeft(seconds), [seconds]);
  return { secondsLeft: left, canResend: left <= 0, restart };
}
