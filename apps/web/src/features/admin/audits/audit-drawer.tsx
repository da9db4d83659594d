import { Code, Drawer, Stack, Text } from '@mantine/core';
import type { AuditColumn, AuditRow } from '../../../sdk/admin/audits';
import { auditValue, formatTime } from './audit-cell';
import { SeverityBadge } from './severity-badge';

/** One event in full: every column the metadata shows in more info, and its JSON pretty-printed. */
export function AuditDrawer({
  row,
  columns,
  onClose,
}: {
  row: AuditRow | null;
  columns: AuditColumn[];
  onClose: () => void;
}) {
  const fields = columns.filter((column) => column.showInMoreInfo === 'Always' && column.type !== 'Json');
  return (
    <Drawer.Root opened={row !== null} onClose={onClose} position="right" size="lg">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* As the theme does for ModalHeader: a dialog's <header> is no second banner landmark (axe). */}
        <Drawer.Header role="none">
          <Drawer.Title>{row ? row.action : 'Event'}</Drawer.Title>
          <Drawer.CloseButton aria-label="Close event details" />
        </Drawer.Header>
        <Drawer.Body>
          {row ? (
            <Stack gap="md" data-testid="audit-details">
              <Stack component="dl" gap="sm" m={0}>
                {fields.map((column) => {
                  const value = auditValue(row, column.name);
                  return (
                    <div key={column.name}>
                      <Text component="dt" size="xs" c="dimmed" fw={600}>
                        {column.displayName}
                      </Text>
                      <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
                        {!value ? (
                          '—'
                        ) : column.type === 'Severity' ? (
                          <SeverityBadge severity={value} />
                        ) : column.type === 'Timestamp' ? (
                          <time dateTime={value}>
                            {formatTime(value)} ({value})
                          </time>
                        ) : (
                          value
                        )}
                      </Text>
                    </div>
                  );
                })}
              </Stack>
              {columns
                .filter((column) => column.type === 'Json' && column.showInMoreInfo === 'Always')
                .map((column) => (
                  <Stack gap={4} key={column.name}>
                    <Text size="xs" c="dimmed" fw={600} id={`audit-json-${column.name}`}>
                      {column.displayName}
                    </Text>
                    <Code
                      block
                      aria-labelledby={`audit-json-${column.name}`}
                      tabIndex={0}
                      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                    >
                      {JSON.stringify((row as Record<string, unknown>)[column.name] ?? null, null, 2)}
                    </Code>
                  </Stack>
                ))}
            </Stack>
          ) : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
