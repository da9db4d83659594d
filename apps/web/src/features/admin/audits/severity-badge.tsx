import { Badge } from '@mantine/core';

/** One colour per severity, from calm to alarming; an unknown severity stays grey. */
const COLOURS: Record<string, string> = {
  Info: 'blue',
  Medium: 'yellow',
  Error: 'orange',
  High: 'red',
  Critical: 'grape',
};

export function SeverityBadge({ severity }: { severity: string }) {
  return (
    // Light badges keep their text dark enough on every colour (axe colour contrast).
    <Badge color={COLOURS[severity] ?? 'gray'} variant="light" data-severity={severity}>
      {severity}
    </Badge>
  );
}
