import { Group, Paper, Stack, Text } from '@mantine/core';
import type { Countdown as CountdownValue } from '../../product';

const units = [
  { key: 'days', label: 'Days', one: 'day' },
  { key: 'hours', label: 'Hours', one: 'hour' },
  { key: 'minutes', label: 'Minutes', one: 'minute' },
] as const;

function spoken({ days, hours, minutes }: CountdownValue): string {
  const part = (value: number, one: string) => `${value} ${one}${value === 1 ? '' : 's'}`;
  return `${part(days, 'day')}, ${part(hours, 'hour')}, ${part(minutes, 'minute')}`;
}

/** Days, hours and minutes left in the trial (SPEC section 2). */
export function Countdown({ value }: { value: CountdownValue }) {
  return (
    <Group
      gap="sm"
      justify="center"
      wrap="nowrap"
      role="timer"
      aria-label={`Time left in your free trial: ${spoken(value)}`}
    >
      {units.map(({ key, label }) => (
        <Paper key={key} withBorder radius="md" py="sm" px="md" miw={86} bg="gray.0" data-unit={key}>
          <Stack gap={2} align="center">
            <Text fz={32} fw={700} lh={1.1} c="brand.8" ff="monospace" data-testid={`countdown-${key}`}>
              {String(value[key]).padStart(2, '0')}
            </Text>
            <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.5}>
              {label}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Group>
  );
}
