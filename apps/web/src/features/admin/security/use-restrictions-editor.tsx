import { useState, type ReactNode } from 'react';
import { ErrorState, LoadingState, useCan, useFieldAppearance } from '../../../components/admin';
import { useSettingsDraft } from './use-settings-draft';

/** What the IP and the email-domain restriction hooks both offer. */
export interface RestrictionsView<Config, Entry> {
  config: Config;
  restrictions: Entry[];
  loading: boolean;
  error: string | null;
  load: () => void;
  remove: (id: string) => Promise<void>;
  saveConfig: (next: Config) => Promise<void>;
}

/** A restrictions tab's permissions and its field in the vendor's metadata. */
export interface RestrictionRights {
  write: string;
  remove: string;
  field: string;
}

/**
 * The state of an allow/block list tab (IP addresses, email domains): its settings draft, what the
 * viewer may do, and the entry whose deletion is being confirmed.
 */
export function useRestrictionsEditor<Config, Entry extends { id: string }>(
  view: RestrictionsView<Config, Entry>,
  rights: RestrictionRights,
) {
  const mayWrite = useCan(rights.write);
  const appearance = useFieldAppearance('security', rights.field, rights.write);
  const canDelete = useCan(rights.remove);
  const settings = useSettingsDraft({ loaded: view.config, load: view.load, save: view.saveConfig });
  const [removal, setRemoval] = useState<Entry | null>(null);
  const [removalError, setRemovalError] = useState<string | null>(null);
  const { saving, run } = settings;

  // A reload after a change keeps the tab (and an open dialog) on screen.
  let placeholder: ReactNode = null;
  if (view.loading && view.restrictions.length === 0 && !saving) placeholder = <LoadingState />;
  else if (view.error && !saving && !removal)
    placeholder = <ErrorState message={view.error} onRetry={view.load} />;

  return {
    ...settings,
    canWrite: mayWrite && appearance === 'edit',
    canDelete,
    /** What shows instead of the tab: its first load, or a failed load. */
    placeholder,
    removal: {
      entry: removal,
      error: removalError,
      ask: setRemoval,
      cancel: () => {
        setRemoval(null);
        setRemovalError(null);
      },
      confirm: () => {
        if (!removal) return;
        void run(() => view.remove(removal.id), {
          setSaved: (done) => done && setRemoval(null),
          setError: setRemovalError,
        });
      },
    },
  };
}

export type RestrictionsEditor<Config, Entry extends { id: string }> = ReturnType<
  typeof useRestrictionsEditor<Config, Entry>
>;
