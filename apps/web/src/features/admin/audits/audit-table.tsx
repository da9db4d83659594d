import { ScrollArea, Table, VisuallyHidden } from '@mantine/core';
import { auditSortKeys } from '@brizo/contract/entities/audits';
import type { KeyboardEvent } from 'react';
import type { AuditColumn, AuditRow, AuditSortKey } from '../../../sdk/admin/audits';
import { ariaSortOf, SortHeaderButton } from '../../../components/admin/sort-header';
import { AuditCell, formatTime } from './audit-cell';

const sortKeyOf = (name: string): AuditSortKey | undefined => auditSortKeys.find((key) => key === name);

/**
 * The log's table: the chosen columns, sortable headers (buttons, with aria-sort on the header cell),
 * and rows that open their details on a click or, focused, on Enter or Space.
 */
export function AuditTable({
  columns,
  rows,
  sortBy,
  sortDirection,
  onSort,
  onOpen,
  busy,
}: {
  columns: AuditColumn[];
  rows: AuditRow[];
  sortBy: AuditSortKey;
  sortDirection: 'asc' | 'desc';
  onSort: (sortBy: AuditSortKey, sortDirection: 'asc' | 'desc') => void;
  onOpen: (row: AuditRow) => void;
  busy: boolean;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: AuditRow) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpen(row);
  };

  return (
    <ScrollArea
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Audit events (scrolls sideways)' }}
    >
      <Table aria-label="Audit events" aria-busy={busy} highlightOnHover verticalSpacing="sm" miw={760}>
        <VisuallyHidden component="caption">
          Sorted by {columns.find((column) => column.name === sortBy)?.displayName ?? sortBy},{' '}
          {sortDirection === 'asc' ? 'ascending' : 'descending'}. Open a row with Enter to see all of its
          details.
        </VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const sorted = column.name === sortBy ? sortDirection : null;
              const sortKey = column.sortable ? sortKeyOf(column.name) : undefined;
              return (
                <Table.Th key={column.name} scope="col" aria-sort={ariaSortOf(sorted)}>
                  {sortKey ? (
                    <SortHeaderButton
                      title={column.displayName}
                      sorted={sorted}
                      // A new column starts newest or highest first; the same one turns around.
                      onClick={() => onSort(sortKey, sorted === 'desc' ? 'asc' : 'desc')}
                    />
                  ) : (
                    column.displayName
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row._id}
              data-testid={`audit-row-${row._id}`}
              tabIndex={0}
              aria-label={`${row.action}, ${formatTime(row.createdAt)}`}
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(row)}
              onKeyDown={(event) => onKeyDown(event, row)}
            >
              {columns.map((column) => (
                <Table.Td key={column.name}>
                  <AuditCell row={row} column={column} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
