import { useCallback, useState } from 'react';
import { useSubmit } from './use-submit';

export interface Confirmation<T> {
  /** What the dialog asks about; null while it is closed. */
  target: T | null;
  /** Opens the dialog about `target`, without the error of an earlier question. */
  ask: (target: T) => void;
  /** The ConfirmDialog's state and handlers: spread them onto it. */
  dialog: {
    opened: boolean;
    loading: boolean;
    error: string | null;
    onConfirm: () => void;
    onClose: () => void;
  };
  /**
   * Confirms what the dialog asks about, or `answered`: the same question with what was typed in
   * the dialog (a texted code that completes itself, before its state is rendered).
   */
  confirm: (answered?: T) => void;
}

/**
 * A destructive action asked for first (ConfirmDialog), the one way every admin section asks: the
 * dialog closes when `action` succeeds and keeps the server's message on screen when it fails;
 * closing it or asking anew forgets that message. An action may ask a follow-up question (`ask`,
 * e.g. for a code texted to confirm it): the dialog then stays open on that one.
 */
export function useConfirmation<T>(action: (target: T) => Promise<void>): Confirmation<T> {
  const [target, setTarget] = useState<T | null>(null);
  // Whether the last confirmed action failed: a new question starts without its message.
  const [failed, setFailed] = useState(false);
  const submission = useSubmit(action);
  // Stable, so that table columns built with it stay memoised.
  const ask = useCallback((next: T) => {
    setFailed(false);
    setTarget(next);
  }, []);
  const confirm = async (answered: T | null = target) => {
    if (answered === null || submission.pending) return;
    const done = await submission.run(answered);
    setFailed(!done);
    if (done) setTarget((current) => (current === target ? null : current));
  };
  return {
    target,
    ask,
    confirm: (answered) => void confirm(answered),
    dialog: {
      opened: target !== null,
      loading: submission.pending,
      error: failed ? submission.error : null,
      onConfirm: () => void confirm(),
      onClose: () => {
        setFailed(false);
        setTarget(null);
      },
    },
  };
}
