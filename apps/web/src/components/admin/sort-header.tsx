import { Group, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

/** The `aria-sort` of a header cell sorted `sorted` (none when the list is sorted by another column). */
export const ariaSortOf = (sorted: SortDirection | false | null) =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;

/** A sortable column's header: a button with the direction drawn and said to screen readers. */
export function SortHeaderButton({
  title,
  sorted,
  onClick,
}: {
  title: ReactNode;
  sorted: SortDirection | false | null;
  onClick: (event: unknown) => void;
}) {
  return (
    <UnstyledButton onClick={onClick} fw={600} fz="sm" style={{ whiteSpace: 'nowrap' }}>
      <Group gap={4} wrap="nowrap">
        {title}
        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
        <VisuallyHidden>
          {sorted ? `sorted ${sorted === 'asc' ? 'ascending' : 'descending'}` : 'sort'}
        </VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}
