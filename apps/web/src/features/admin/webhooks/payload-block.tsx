import { Code, Stack, Text } from '@mantine/core';
import { prettyJson } from './webhook-form';

/**
 * A request or response body as text, JSON indented. Long bodies scroll inside a named region that
 * keyboard users can focus.
 */
export function PayloadBlock({
  label,
  text,
  empty = 'Empty',
}: {
  label: string;
  text: string;
  empty?: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {text ? (
        <Code
          block
          role="region"
          aria-label={label}
          tabIndex={0}
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 280, overflow: 'auto' }}
        >
          {prettyJson(text)}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Stack>
  );
}
