import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UnderReviewUser } from '@brizo/contract/entities/trial-console';
import { useCallback, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  useConfirmation,
  type ColumnDef,
} from '../../components/admin';
import { consoleApi } from '../../sdk/admin/console';
import { useLoaded } from '../../sdk/admin/use-loaded';

export const PAGE_SIZE = 20;

const day = (iso: string) => iso.slice(0, 10);

/** The columns the review and trial lists share: who, which account, when and from where. */
export function personColumns<Row extends UnderReviewUser>(): ColumnDef<Row>[] {
  return [
    { id: 'email', header: 'Email', cell: ({ row }) => row.original.email },
    { id: 'tenant', header: 'Account', cell: ({ row }) => row.original.tenantName ?? '—' },
    { id: 'signedUpAt', header: 'Signed up', cell: ({ row }) => day(row.original.signedUpAt) },
    { id: 'source', header: 'Source', cell: ({ row }) => row.original.source ?? '—' },
    { id: 'signupType', header: 'Sign-up', cell: ({ row }) => row.original.signupType ?? '—' },
  ];
}

const reviewColumns = personColumns<UnderReviewUser>();

/**
 * The lists' search box: a part of the email or name, asked of the server once typing pauses. `search`
 * is what the list asks for; `box` is the field.
 */
export function usePersonSearch(onChange: () => void) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const box = (
    <TextInput
      label="Search"
      placeholder="Email or name"
      type="search"
      w={260}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        onChange();
      }}
    />
  );
  return { search, box };
}

/** The accounts under review, longest waiting first; approving one gives them a free trial. */
export function ReviewTab() {
  const [page, setPage] = useState(1);
  const { search, box } = usePersonSearch(() => setPage(1));
  const load = useCallback(
    () => consoleApi.underReview({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, search }),
    [page, search],
  );
  const list = useLoaded(load);
  const approval = useConfirmation(async (person: UnderReviewUser) => {
    await consoleApi.approve(person.userId);
    list.reload();
  });
  const total = list.value?._metadata.totalItems ?? 0;

  const body = () => {
    if (list.error && !list.value) return <ErrorState message={list.error} onRetry={list.reload} />;
    if (!list.value) return <LoadingState />;
    if (list.value.items.length === 0)
      return search ? (
        <EmptyState title="Nobody under review matches this search" />
      ) : (
        <EmptyState title="Nobody is under review" description="Personal-email sign-ups wait here." />
      );
    return (
      <DataTable
        label="Accounts under review"
        columns={reviewColumns}
        data={list.value.items}
        getRowId={(person) => person.userId}
        rowTestId={(_id, person) => `review-${person.email}`}
        page={page}
        pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPageChange={setPage}
        loading={list.loading}
        empty={null}
        rowActions={(person) => (
          <Button size="xs" onClick={() => approval.ask(person)} aria-label={`Approve ${person.email}`}>
            Approve
          </Button>
        )}
      />
    );
  };

  return (
    <>
      <Stack gap="md">
        {box}
        {body()}
      </Stack>
      <ConfirmDialog title="Approve account" confirmLabel="Approve" danger={false} {...approval.dialog}>
        <Text size="sm">
          {`Approve ${approval.target?.email ?? ''}? They get a free trial, from their next sign-in or refresh.`}
        </Text>
      </ConfirmDialog>
    </>
  );
}
