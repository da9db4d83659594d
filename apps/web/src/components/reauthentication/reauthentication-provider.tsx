import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  isReauthenticationRequired,
  ReauthenticationContext,
  useReauthenticationApi,
  type ReauthenticationGuard,
} from '../../sdk/hooks/reauthentication';
import { ReauthenticationDialog } from './reauthentication-dialog';

/**
 * Runs `change`; when the server refuses it for an old sign-in (issue 10), `confirm` asks the user
 * to confirm it is them and, once they have, the change runs again. A cancel rethrows the refusal.
 */
export function guardWith(confirm: () => Promise<boolean>): ReauthenticationGuard {
  return async (change) => {
    try {
      return await change();
    } catch (error) {
      if (!isReauthenticationRequired(error) || !(await confirm())) throw error;
      return change();
    }
  };
}

/**
 * Gives the admin portal's account changes (profile, privacy) the re-authentication dialog: the
 * SDK hooks read the guard from context, so every change call is covered in one place.
 */
export function ReauthenticationProvider({ children }: { children: ReactNode }) {
  const api = useReauthenticationApi();
  const [opened, setOpened] = useState(false);
  // Changes refused at once (two calls racing) share one dialog.
  const pending = useRef<{ promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null>(null);

  const confirm = useCallback(() => {
    if (!pending.current) {
      let resolve: (confirmed: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((done) => {
        resolve = done;
      });
      pending.current = { promise, resolve };
      setOpened(true);
    }
    return pending.current.promise;
  }, []);

  const done = useCallback((confirmed: boolean) => {
    pending.current?.resolve(confirmed);
    pending.current = null;
    setOpened(false);
  }, []);

  const guard = useMemo(() => guardWith(confirm), [confirm]);
  return (
    <ReauthenticationContext.Provider value={guard}>
      {children}
      <ReauthenticationDialog opened={opened} api={api} onDone={done} />
    </ReauthenticationContext.Provider>
  );
}
