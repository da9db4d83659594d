import { useEffect, useRef } from 'react';

/** Sends a code once when a step opens (not again on re-renders or React's dev double effects). */
export function useSendOnce(send: (() => void) | null) {
  const sent = useRef(false);
  useEffect(() => {
    if (!send || sent.current) return;
    sent.current = true;
    send();
  }, [send]);
}
