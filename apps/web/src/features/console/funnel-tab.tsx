import {
  Group,
  Progress,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { funnelStages, type FunnelGrouping, type FunnelRow } from '@brizo/contract/entities/trial-console';
import { useCallback, useState } from 'react';
import { ErrorState, LoadingState } from '../../components/admin';
import { consoleApi } from '../../sdk/admin/console';
import { useLoaded } from '../../sdk/admin/use-loaded';
import { barLength, defaultRange, shareOf, stageLabels } from './funnel';

const groupings: Array<{ value: FunnelGrouping; label: string }> = [
  { value: 'week', label: 'By week' },
  { value: 'source', label: 'By source' },
];

const labelOf = (row: FunnelRow, groupBy: FunnelGrouping) =>
  groupBy === 'week' ? `Week of ${row.key ?? ''}` : (row.key ?? 'No source');

/**
 * The free-trial funnel: sign-ups → activations → first sign-ins → trials → paid, by week or source
 * in a date range (at most 52 weeks: the server says so when it is longer), as a table and as bars.
 */
export function FunnelTab() {
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const [groupBy, setGroupBy] = useState<FunnelGrouping>('week');
  const load = useCallback(() => consoleApi.funnel(range, groupBy), [range, groupBy]);
  const funnel = useLoaded(load);
  const rows = funnel.value?.rows ?? [];
  const largest = Math.max(0, ...rows.map((row) => row.signUps));

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={range.from}
          onChange={(event) => setRange({ ...range, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={range.to}
          onChange={(event) => setRange({ ...range, to: event.currentTarget.value })}
        />
        <SegmentedControl
          aria-label="Group the funnel"
          value={groupBy}
          onChange={(value) => setGroupBy(value as FunnelGrouping)}
          data={groupings}
        />
      </Group>
      {funnel.error ? <ErrorState message={funnel.error} onRetry={funnel.reload} /> : null}
      {funnel.loading && !funnel.value ? <LoadingState /> : null}
      {funnel.value ? (
        <>
          {/* On a phone the table scrolls sideways: keyboard users reach the scroll by focusing it (axe). */}
          <ScrollArea
            type="auto"
            viewportProps={{
              tabIndex: 0,
              role: 'region',
              'aria-label': 'Free-trial funnel (scrolls sideways)',
            }}
          >
            <Table striped miw={640} aria-label="Free-trial funnel" data-testid="funnel-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{groupBy === 'week' ? 'Week' : 'Source'}</Table.Th>
                  {funnelStages.map((stage) => (
                    <Table.Th key={stage}>{stageLabels[stage]}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key ?? ''}>
                    <Table.Td>{labelOf(row, groupBy)}</Table.Td>
                    {funnelStages.map((stage) => (
                      <Table.Td key={stage}>
                        {row[stage]}
                        {stage === 'signUps' ? null : (
                          <Text span c="dimmed" size="xs">{` (${shareOf(row, stage)})`}</Text>
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                <Table.Tr fw={600}>
                  <Table.Td>Total</Table.Td>
                  {funnelStages.map((stage) => (
                    <Table.Td key={stage} data-testid={`funnel-total-${stage}`}>
                      {funnel.value?.totals[stage]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Title order={2} fz={16}>
            Sign-ups and paid accounts
          </Title>
          <Stack gap="xs" aria-label="Funnel bars">
            {rows.map((row) => (
              <Stack key={row.key ?? ''} gap={2}>
                <Text size="sm">
                  {labelOf(row, groupBy)}: {row.signUps} sign-ups, {row.paid} paid
                </Text>
                <Progress
                  value={barLength(row.signUps, largest)}
                  aria-label={`Sign-ups, ${labelOf(row, groupBy)}`}
                />
                <Progress
                  value={barLength(row.paid, largest)}
                  color="teal"
                  aria-label={`Paid, ${labelOf(row, groupBy)}`}
                />
              </Stack>
            ))}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
