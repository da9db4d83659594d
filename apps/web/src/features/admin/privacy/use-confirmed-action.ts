import { useState } from 'react';

/**
 * A destructive action on one item, asked for first: `ask(item)` opens the confirmation,
 * `confirm(run)` runs it with busy and error states, `cancel()` closes it.
 */
export function useConfirmedAction<Item>() {
  const [target, setTarget] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async (run: (item: Item) => Promise<void>) => {
    if (target === null) return;
    setBusy(true);
    setError(null);
    try {
      await run(target);
      setTarget(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Unknown error occurred');
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setTarget(null);
    setError(null);
  };

  return { target, ask: setTarget, busy, error, confirm, cancel };
}
