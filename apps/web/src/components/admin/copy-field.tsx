import { Button, CopyButton, Group, TextInput, Textarea } from '@mantine/core';

/**
 * A value to copy into another system (an address, a token, a DNS record): read-only, in monospace,
 * with a Copy button named after it for screen readers ("Copy ACS URL"). `multiline` shows a long
 * value (a certificate, a token) whole.
 */
export function CopyField({
  label,
  value,
  description,
  multiline = false,
}: {
  label: string;
  value: string;
  description?: string;
  multiline?: boolean;
}) {
  const field = multiline ? (
    <Textarea
      label={label}
      description={description}
      value={value}
      readOnly
      rows={3}
      ff="monospace"
      style={{ flex: 1 }}
    />
  ) : (
    <TextInput
      label={label}
      description={description}
      value={value}
      readOnly
      ff="monospace"
      style={{ flex: 1 }}
    />
  );
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {field}
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
