import { useCallback, useState } from 'react';
import { runSave } from './run-save';

export interface Submission<T, Field extends string = never> {
  pending: boolean;
  /** The server's message of the last failed run that belongs to no field: the form's alert shows it. */
  error: string | null;
  /** The server's stable code of the last failure, when it gave one. */
  errorCode: string | null;
  /** The last failure's message on the field its errorCode names (see `fieldOf`). */
  fieldErrors: Partial<Record<Field, string>>;
  /** Whether the last run succeeded (cleared by `reset`, e.g. when the form changes again). */
  done: boolean;
  run: (value: T) => Promise<boolean>;
  reset: () => void;
  /** Forgets the last run altogether, e.g. when the form's own checks stop a new one before it starts. */
  clear: () => void;
}

/** The errorCode a failed call carries ({ errors: [message], errorCode }), or null. */
export function errorCodeOf(failure: unknown): string | null {
  if (typeof failure !== 'object' || failure === null || !('errorCode' in failure)) return null;
  return typeof failure.errorCode === 'string' ? failure.errorCode : null;
}

/**
 * The saving state of a form or dialog action (SPEC section 4: each area has saving and error
 * flags): pending while it runs, the failure, and whether it succeeded. The one way admin forms
 * show a server error: by its errorCode, on the input `fieldOf` maps it to, otherwise in the
 * form-level alert (FormAlert, as FormDialog and ConfirmDialog render it).
 */
export function useSubmit<T, Field extends string = never>(
  action: (value: T) => Promise<void>,
  fieldOf: Readonly<Partial<Record<string, Field>>> = noFields,
): Submission<T, Field> {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] =
    useState<Pick<Submission<T, Field>, 'error' | 'errorCode' | 'fieldErrors'>>(noFailure);
  const [done, setDone] = useState(false);
  const run = useCallback(
    (value: T) =>
      runSave(() => action(value), {
        setSaving: setPending,
        setSaved: setDone,
        setError: (message, caught) => {
          if (message === null) return setFailure(noFailure);
          const errorCode = errorCodeOf(caught);
          const field = errorCode === null ? undefined : fieldOf[errorCode];
          setFailure(
            field === undefined
              ? { error: message, errorCode, fieldErrors: {} }
              : {
                  error: null,
                  errorCode,
                  fieldErrors: { [field]: message } as Partial<Record<Field, string>>,
                },
          );
        },
      }),
    [action, fieldOf],
  );
  const reset = useCallback(() => setDone(false), []);
  const clear = useCallback(() => {
    setFailure(noFailure);
    setDone(false);
  }, []);
  return { pending, ...failure, done, run, reset, clear };
}

const noFields: Readonly<Partial<Record<string, never>>> = {};
const noFailure = { error: null, errorCode: null, fieldErrors: {} };
