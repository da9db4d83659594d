import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

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

/**
 * A tab's save: the status of the last one, then its button (disabled for a viewer who may not
 * change the tab) and whatever the tab puts beside it.
 */
export function SaveBar({
  label,
  draft,
  disabled,
  children,
}: {
  label: string;
  draft: { saving: boolean; error: string | null; saved: boolean; saveDraft: () => Promise<void> };
  disabled: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <SaveStatus error={draft.error} saved={draft.saved} />
      <Group>
        <Button loading={draft.saving} disabled={disabled} onClick={() => void draft.saveDraft()}>
          {label}
        </Button>
        {children}
      </Group>
    </>
  );
}
