import { useEffect, useState } from 'react';
import { runSave, type SaveReport } from './save-status';

/**
 * A tab's editable copy of settings the store holds: it loads them, follows what the store holds
 * (compared by content, so a store that rebuilds equal objects does not wipe the edits) and saves
 * with the status a `SaveBar` shows.
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
  useEffect(() => load(), [load]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft follows the loaded values, compared by content
  useEffect(() => setDraft(loaded), [loadedKey]);

  /** Runs a change of this tab; its outcome goes to the status line unless `report` sends it elsewhere. */
  const run = (change: () => Promise<void>, report?: Partial<SaveReport>) =>
    runSave(change, { setSaving, setError, setSaved, ...report });
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
