import { Button, Group, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A section's whole list (groups, roles; DataTable is for server-paged ones): a labelled, striped
 * table with the named columns, plus a last column, named for screen readers only, for each row's
 * actions.
 */
export function ListTable({
  label,
  columns,
  children,
}: {
  /** The table's accessible name. */
  label: string;
  columns: string[];
  /** The rows (Table.Tr), each ending with its actions cell. */
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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
