import { useEffect, useRef, useState } from 'react';
import { useSubmit } from '../../../components/admin';

/**
 * A tab's editable copy of settings the store holds: it loads them, follows what the store holds
 * while the administrator has not edited them (compared by content, so neither a store that rebuilds
 * equal objects nor a reload that lands after a click wipes the edits) and saves with the status a
 * `SaveBar` shows.
 */
export function useSettingsDraft<Settings>(view: {
  loaded: Settings;
  load: () => void;
  save: (next: Settings) => Promise<void>;
}) {
  const { loaded, load, save } = view;
  const [draft, setDraft] = useState(loaded);
  // The tab's changes, and the checks it runs (the IP test), share its status line.
  const change = useSubmit((action: () => Promise<void>) => action());
  const check = useSubmit((action: () => Promise<void>) => action());
  const loadedKey = JSON.stringify(loaded);
  const followedKey = useRef(loadedKey);
  useEffect(() => load(), [load]);
  useEffect(() => {
    const previous = followedKey.current;
    followedKey.current = loadedKey;
    // An untouched draft follows; an edited one keeps the edits (a list change reloads the settings).
    setDraft((current) => (JSON.stringify(current) === previous ? loaded : current));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft follows the loaded values, compared by content
  }, [loadedKey]);

  /** Runs a change of this tab; its outcome goes to the status line. */
  const run = async (action: () => Promise<void>) => {
    check.clear();
    await change.run(action);
  };
  return {
    draft,
    setDraft,
    saving: change.pending,
    error: change.error ?? check.error,
    saved: change.done,
    /** Runs a check that changes nothing (the IP test): only its failure goes to the status line. */
    check: async (action: () => Promise<void>) => {
      await check.run(action);
    },
    run,
    saveDraft: () => run(() => save(draft)),
  };
}

export type SettingsDraft<Settings> = ReturnType<typeof useSettingsDraft<Settings>>;
