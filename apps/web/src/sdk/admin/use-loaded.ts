import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api-error';

/** A section's read: its last answer, whether it is loading, the error to show, and a retry. */
export interface Loaded<T> {
  value: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/** One read of a section's data, again when `load` changes or on reload; the last answer wins. */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [value, setValue] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(null);
    load()
      .then((answer) => {
        if (current) setValue(answer);
      })
      .catch((failure: unknown) => {
        if (current) setError(errorMessage(failure));
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { value, loading, error, reload };
}
