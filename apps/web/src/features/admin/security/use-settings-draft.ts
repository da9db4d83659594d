import { useEffect, useRef, useState } from 'react';
import { runSave } from './save-status';

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
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
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
  const run = (change: () => Promise<void>) => runSave(change, { setSaving, setError, setSaved });
  return {
    draft,
    setDraft,
    saving,
    error,
    saved,
    /** Puts a failure that is not a save's (the IP test) in the status line. */
    setError,
    run,
    saveDraft: () => run(() => save(draft)),
  };
}

export type SettingsDraft<Settings> = ReturnType<typeof useSettingsDraft<Settings>>;
