import { useCallback, useState } from 'react';

export interface Submission<T> {
  pending: boolean;
  /** The server's message of the last failed run, shown in the form's alert. */
  error: string | null;
  /** Whether the last run succeeded (cleared by `reset`, e.g. when the form changes again). */
  done: boolean;
  run: (value: T) => Promise<boolean>;
  reset: () => void;
}

/**
 * The saving state of a form or dialog action (SPEC section 4: each area has saving and error
 * flags): pending while it runs, the failure's message, and whether it succeeded.
 */
export function useSubmit<T>(action: (value: T) => Promise<void>): Submission<T> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const run = useCallback(
    async (value: T) => {
      setPending(true);
      setError(null);
      setDone(false);
      try {
        await action(value);
        setDone(true);
        return true;
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
        return false;
      } finally {
        setPending(false);
      }
    },
    [action],
  );
  const reset = useCallback(() => setDone(false), []);
  return { pending, error, done, run, reset };
}
