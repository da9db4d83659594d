import type { ReactNode } from 'react';
import {
  ErrorState,
  LoadingState,
  useCan,
  useConfirmation,
  useFieldAppearance,
} from '../../../components/admin';
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
 * viewer may do, and the entry whose deletion is being confirmed (useConfirmation).
 */
export function useRestrictionsEditor<Config, Entry extends { id: string }>(
  view: RestrictionsView<Config, Entry>,
  rights: RestrictionRights,
) {
  const mayWrite = useCan(rights.write);
  const appearance = useFieldAppearance('security', rights.field, rights.write);
  const canDelete = useCan(rights.remove);
  const settings = useSettingsDraft({ loaded: view.config, load: view.load, save: view.saveConfig });
  const removal = useConfirmation((entry: Entry) => view.remove(entry.id));
  // A reload after a change keeps the tab (and an open dialog) on screen.
  const busy = settings.saving || removal.dialog.loading;
  let placeholder: ReactNode = null;
  if (view.loading && view.restrictions.length === 0 && !busy) placeholder = <LoadingState />;
  else if (view.error && !busy && removal.target === null)
    placeholder = <ErrorState message={view.error} onRetry={view.load} />;

  return {
    ...settings,
    canWrite: mayWrite && appearance === 'edit',
    canDelete,
    /** What shows instead of the tab: its first load, or a failed load. */
    placeholder,
    /** The entry whose deletion is being confirmed. */
    removal,
  };
}

export type RestrictionsEditor<Config, Entry extends { id: string }> = ReturnType<
  typeof useRestrictionsEditor<Config, Entry>
>;
