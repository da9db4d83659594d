import { ScrollArea, Table, VisuallyHidden } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { PagePicker } from './page-picker';
import { LoadingState } from './section-page';
import { ariaSortOf, SortHeaderButton } from './sort-header';

export type { ColumnDef, SortingState };

/**
 * The admin portal's one table, for server-paged lists (paging, sorting and filtering happen on
 * the server) and whole ones alike: sortable headers are buttons with aria-sort, the table is
 * labelled, and the pager is keyboard operable. Give columns an `id` that is the server's sort key
 * when sorting is on. With `rowActions`, a last column, named for screen readers only, holds each
 * row's buttons (RowActions).
 */
export function DataTable<Row>({
  label,
  columns,
  data,
  getRowId,
  sorting = [],
  onSortingChange,
  page,
  pageCount,
  onPageChange,
  loading = false,
  empty,
  rowActions,
  rowTestId = (id) => `row-${id}`,
  minWidth = 640,
}: {
  /** The table's accessible name. */
  label: string;
  columns: ColumnDef<Row>[];
  data: Row[];
  getRowId: (row: Row) => string;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** 1-based page; with pageCount and onPageChange the pager shows. */
  page?: number;
  pageCount?: number;
  onPageChange?: (page: number) => void;
  loading?: boolean;
  /** What shows instead of rows when there are none. */
  empty: ReactNode;
  rowActions?: (row: Row) => ReactNode;
  /** The row's test id, from its id and data (journeys find rows by it). */
  rowTestId?: (id: string, row: Row) => string;
  /** Below this width the table scrolls sideways (a section's full-width list by default). */
  minWidth?: number;
}) {
  const allColumns = useMemo<ColumnDef<Row>[]>(
    () =>
      rowActions
        ? [
            ...columns,
            {
              id: 'actions',
              header: () => <VisuallyHidden>Actions</VisuallyHidden>,
              cell: ({ row }) => rowActions(row.original),
              enableSorting: false,
            },
          ]
        : columns,
    [columns, rowActions],
  );
  const table = useReactTable({
    data,
    columns: allColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableSorting: Boolean(onSortingChange),
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      onSortingChange?.(next);
    },
  });

  return (
    <>
      {/* On a phone the table scrolls sideways: keyboard users reach the scroll by focusing it (axe). */}
      <ScrollArea
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` }}
      >
        <Table
          aria-label={label}
          aria-busy={loading}
          striped
          highlightOnHover
          verticalSpacing="sm"
          miw={minWidth}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.Th key={header.id} scope="col" aria-sort={ariaSortOf(sorted)}>
                      {header.column.getCanSort() ? (
                        <SortHeaderButton
                          title={title}
                          sorted={sorted}
                          onClick={header.column.getToggleSortingHandler() ?? (() => undefined)}
                        />
                      ) : (
                        title
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id} data-testid={rowTestId(row.id, row.original)}>
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {loading && data.length === 0 ? <LoadingState /> : null}
      {!loading && data.length === 0 ? empty : null}
      {page !== undefined && pageCount !== undefined && pageCount > 1 && onPageChange ? (
        <PagePicker label={label} page={page} pageCount={pageCount} onPageChange={onPageChange} />
      ) : null}
    </>
  );
}
