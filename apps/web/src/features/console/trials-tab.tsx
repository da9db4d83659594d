import { Badge, Button, Group, NumberInput, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { MAX_EXTENSION_DAYS, type EndingTrial } from '@brizo/contract/entities/trial-console';
import { useCallback, useState } from 'react';
import {
  DataTable,
  EmptyState,
  ErrorState,
  FormDialog,
  LoadingState,
  useSubmit,
  type ColumnDef,
} from '../../components/admin';
import { consoleApi, type TrialExtension } from '../../sdk/admin/console';
import { useLoaded } from '../../sdk/admin/use-loaded';
import { PAGE_SIZE, personColumns, usePersonSearch } from './review-tab';

const windows = ['7', '14', '30'];

const trialColumns: ColumnDef<EndingTrial>[] = [
  ...personColumns<EndingTrial>(),
  {
    id: 'expiration',
    header: 'Last day',
    cell: ({ row }) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{row.original.expiration}</Text>
        {row.original.isMarkedExpired ? (
          <Badge color="gray" variant="light">
            Ended
          </Badge>
        ) : null}
      </Group>
    ),
  },
];

/** A trial moved by days (after its last day, or today once passed) or to a date. */
function ExtendDialog({
  trial,
  onClose,
  onDone,
}: {
  trial: EndingTrial;
  onClose: () => void;
  onDone: () => void;
}) {
  const [by, setBy] = useState<'days' | 'until'>('days');
  const [days, setDays] = useState<number | string>(7);
  const [until, setUntil] = useState('');
  const submission = useSubmit(async (extension: TrialExtension) => {
    await consoleApi.extendTrial(extension);
    onDone();
  });
  const submit = () =>
    void submission.run(
      by === 'days' ? { userId: trial.userId, days: Number(days) } : { userId: trial.userId, until },
    );
  return (
    <FormDialog
      title={`Extend the trial of ${trial.email}`}
      formLabel="Extend trial"
      closeLabel="Close"
      submission={submission}
      submitLabel="Extend trial"
      isSubmitDisabled={by === 'until' && !until}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">{`Its last day is ${trial.expiration}.`}</Text>
      <SegmentedControl
        aria-label="Extend by"
        value={by}
        onChange={(value) => setBy(value === 'until' ? 'until' : 'days')}
        data={[
          { value: 'days', label: 'By days' },
          { value: 'until', label: 'To a date' },
        ]}
      />
      {by === 'days' ? (
        <NumberInput label="Days" min={1} max={MAX_EXTENSION_DAYS} value={days} onChange={setDays} />
      ) : (
        <TextInput
          type="date"
          label="New last day"
          value={until}
          onChange={(event) => setUntil(event.currentTarget.value)}
        />
      )}
    </FormDialog>
  );
}

/** The trials ending soon, soonest first, each with a way to extend it. */
export function TrialsTab() {
  const [withinDays, setWithinDays] = useState('7');
  const [page, setPage] = useState(1);
  const [extending, setExtending] = useState<EndingTrial | null>(null);
  const { search, box } = usePersonSearch(() => setPage(1));
  const load = useCallback(
    () =>
      consoleApi.trialsEnding(Number(withinDays), {
        offset: (page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
        search,
      }),
    [withinDays, page, search],
  );
  const list = useLoaded(load);
  const total = list.value?._metadata.totalItems ?? 0;

  const body = () => {
    if (list.error && !list.value) return <ErrorState message={list.error} onRetry={list.reload} />;
    if (!list.value) return <LoadingState />;
    if (list.value.items.length === 0)
      return (
        <EmptyState
          title={search ? 'No trial in this window matches this search' : 'No trial ends in this window'}
        />
      );
    return (
      <DataTable
        label="Trials ending"
        columns={trialColumns}
        data={list.value.items}
        getRowId={(trial) => trial.userId}
        rowTestId={(_id, trial) => `trial-${trial.email}`}
        page={page}
        pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPageChange={setPage}
        loading={list.loading}
        empty={null}
        rowActions={(trial) => (
          <Button
            size="xs"
            variant="default"
            onClick={() => setExtending(trial)}
            aria-label={`Extend ${trial.email}`}
          >
            Extend
          </Button>
        )}
      />
    );
  };

  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
        <Select
          label="Ending within"
          w={200}
          data={windows.map((value) => ({ value, label: `${value} days` }))}
          value={withinDays}
          allowDeselect={false}
          onChange={(value) => {
            setWithinDays(value ?? '7');
            setPage(1);
          }}
        />
        {box}
      </Group>
      {body()}
      {extending ? (
        <ExtendDialog
          trial={extending}
          onClose={() => setExtending(null)}
          onDone={() => {
            setExtending(null);
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}
