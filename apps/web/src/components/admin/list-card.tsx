import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type ColumnDef } from './data-table';
import { EmptyState, ErrorState, LoadingState } from './section-page';

/**
 * A card listing what the signed-in user owns (passkeys, phone numbers): its heading and main
 * action, then the list's loading, failed, empty or filled state, each row with a Delete button
 * when `onDelete` is given; `children` holds the card's dialogs.
 */
export function ListCard<Row>({
  titleId,
  title,
  action,
  state,
  columns,
  getRowId,
  deleteLabel,
  onDelete,
  children,
}: {
  /** The heading's id, which names the card's section. */
  titleId: string;
  title: string;
  action?: ReactNode;
  state: {
    rows: Row[];
    /** Whether the loading state replaces the list (while it is empty, or on every load). */
    loading: boolean;
    loadingLabel: string;
    error: string | null;
    onRetry: () => void;
    empty: { title: string; description: string };
  };
  columns: ColumnDef<Row>[];
  getRowId: (row: Row) => string;
  /** The Delete button's accessible name for a row. */
  deleteLabel: (row: Row) => string;
  onDelete?: (row: Row) => void;
  children: ReactNode;
}) {
  let content;
  if (state.loading) content = <LoadingState label={state.loadingLabel} />;
  else if (state.error && state.rows.length === 0)
    content = <ErrorState message={state.error} onRetry={state.onRetry} />;
  else if (state.rows.length === 0)
    content = <EmptyState title={state.empty.title} description={state.empty.description} />;
  else {
    content = (
      <DataTable
        label={title}
        columns={columns}
        data={state.rows}
        getRowId={getRowId}
        minWidth={0}
        empty={null}
        rowActions={(row) =>
          onDelete ? (
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={deleteLabel(row)}
                onClick={() => onDelete(row)}
              >
                Delete
              </Button>
            </Group>
          ) : null
        }
      />
    );
  }

  const heading = (
    <Title order={2} fz="lg" id={titleId}>
      {title}
    </Title>
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        {action ? (
          <Group justify="space-between">
            {heading}
            {action}
          </Group>
        ) : (
          heading
        )}
        {content}
      </Stack>
      {children}
    </Card>
  );
}
