import { Alert } from '@mantine/core';

/** What the last save said: the server's refusal, or that it worked. */
export function SaveStatus({ error, saved }: { error: string | null; saved: boolean }) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    );
  }
  if (saved) {
    return (
      <Alert color="green" variant="light" role="status">
        Changes saved
      </Alert>
    );
  }
  return null;
}

/** Runs a save and reports it through `setError`/`setSaved`/`setSaving`. */
export async function runSave(
  save: () => Promise<void>,
  report: {
    setSaving: (on: boolean) => void;
    setError: (message: string | null) => void;
    setSaved: (on: boolean) => void;
  },
): Promise<void> {
  report.setSaving(true);
  report.setError(null);
  report.setSaved(false);
  try {
    await save();
    report.setSaved(true);
  } catch (caught) {
    report.setError(caught instanceof Error ? caught.message : String(caught));
  } finally {
    report.setSaving(false);
  }
}
