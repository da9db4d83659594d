/** How a run reports its progress: the states a form keeps (useSubmit's). */
export interface SaveReport {
  setSaving: (on: boolean) => void;
  /** The failure's message (null as a run starts), and the failure itself, which may carry an errorCode. */
  setError: (message: string | null, failure?: unknown) => void;
  setSaved: (on: boolean) => void;
}

/**
 * Runs a save and reports it: saving, no error and not saved as it starts; then saved, or the
 * failure's message; then no longer saving. Answers whether it succeeded.
 */
export async function runSave(save: () => Promise<void>, report: SaveReport): Promise<boolean> {
  report.setSaving(true);
  report.setError(null);
  report.setSaved(false);
  try {
    await save();
    report.setSaved(true);
    return true;
  } catch (caught) {
    report.setError(caught instanceof Error ? caught.message : String(caught), caught);
    return false;
  } finally {
    report.setSaving(false);
  }
}
