import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A row's actions: any of its own first, then Edit and Delete where the viewer may (a button only
 * when its handler is given), each named after the row for screen readers ("Edit Buyers").
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {children}
      {onEdit ? (
        <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      ) : null}
      {onDelete ? (
        <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      ) : null}
    </Group>
  );
}
