import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  describeRange,
  MAX_DAYS,
  presetRange,
  presets,
  rangeProblem,
  utcToday,
  type DayRange,
} from './date-range';

export type RangeChoice = `${(typeof presets)[number]}` | 'custom';

const choices = [
  ...presets.map((days) => ({ value: `${days}`, label: `${days} days` })),
  { value: 'custom', label: 'Custom' },
];

/**
 * The Usage section's range: the last 7, 30 or 90 UTC days, or two days chosen by hand (applied
 * together, once both make a range the server accepts).
 */
export function RangePicker({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const [choice, setChoice] = useState<RangeChoice>('30');
  const [draft, setDraft] = useState<DayRange>(range);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (value: string) => {
    const next = value as RangeChoice;
    setChoice(next);
    setProblem(null);
    if (next === 'custom') setDraft(range);
    else onChange(presetRange(Number(next)));
  };

  const apply = () => {
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) onChange(draft);
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl aria-label="Date range" data={choices} value={choice} onChange={choose} />
        <Text size="sm" c="dimmed" aria-live="polite">
          {describeRange(range)}
        </Text>
      </Group>
      {choice === 'custom' ? (
        <Group
          component="form"
          aria-label="Custom date range"
          gap="sm"
          align="flex-start"
          wrap="wrap"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <TextInput
            type="date"
            label="From"
            value={draft.from}
            max={utcToday()}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            error={problem ? true : undefined}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to}
            max={utcToday()}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            error={problem ?? undefined}
            description={`UTC days, at most ${MAX_DAYS}`}
          />
          <Button type="submit" mt={24}>
            Apply
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
